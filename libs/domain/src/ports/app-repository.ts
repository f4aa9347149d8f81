import { App } from '../identity/app';

export interface AppRepository {
  findByClientId(clientId: string): Promise<App | null>;
  count(): Promise<number>;
  save(app: App): Promise<void>;
}
