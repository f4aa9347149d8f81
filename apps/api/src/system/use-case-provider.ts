import { InjectionToken, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * Binds a domain use case (a plain class) to the adapters of its ports: the use case
 * is constructed with the providers of `inject`, in that order.
 */
export function useCaseProvider<T>(useCase: new (...ports: never[]) => T, ...inject: InjectionToken[]): Provider {
  return { provide: useCase, useFactory: (...ports: never[]) => new useCase(...ports), inject };
}

/** Binds a port's token to its database adapter, constructed with the DataSource. */
export function repositoryProvider(token: symbol, Adapter: new (dataSource: DataSource) => unknown): Provider {
  return { provide: token, useFactory: (dataSource: DataSource) => new Adapter(dataSource), inject: [DataSource] };
}
