import { PushEndpoint } from '../delivery/push-endpoint';

/** An app's push endpoints; every read is scoped to the app (another app's endpoint is not found). */
export interface PushEndpointRepository {
  /** Oldest first. */
  list(appId: string): Promise<PushEndpoint[]>;
  find(appId: string, id: string): Promise<PushEndpoint | null>;
  /** Creates or replaces the endpoint. */
  save(endpoint: PushEndpoint): Promise<void>;
  /** Deletes the endpoint with its deliveries and their attempts; false when there was none. */
  delete(appId: string, id: string): Promise<boolean>;
}
