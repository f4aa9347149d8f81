import { App } from '../identity/app';

export interface AppRepository {
  findByClientId(clientId: string): Promise<App | null>;
  count(): Promise<number>;
  save(app: App): Promise<void>;
  /** Every app, oldest first (operators: a handful of apps per deployment). */
  list(): Promise<App[]>;
  /** Removes the app and everything it owns (profiles, records, points, challenges, teams, its jobs). */
  delete(appId: string): Promise<void>;
}
