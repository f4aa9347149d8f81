import { DataPush } from '../delivery/data-push';
import { DataPushType } from '../delivery/push-endpoint';

/**
 * Data pushes waiting to be released to the app's endpoints, written in the transaction that
 * stores their records. The adapter gives each a stable id (the webhook-id receivers see).
 */
export interface DataPushOutbox {
  /** The data types the app has an active endpoint of (one indexed read; empty for most apps). */
  subscribedTypes(appId: string): Promise<DataPushType[]>;
  append(pushes: readonly DataPush[]): Promise<void>;
}
