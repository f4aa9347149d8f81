import { InjectionToken, Provider } from '@nestjs/common';

/**
 * Binds a domain use case (a plain class) to the adapters of its ports: the use case
 * is constructed with the providers of `inject`, in that order.
 */
export function useCaseProvider<T>(useCase: new (...ports: never[]) => T, ...inject: InjectionToken[]): Provider {
  return { provide: useCase, useFactory: (...ports: never[]) => new useCase(...ports), inject };
}
