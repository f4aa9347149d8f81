import { DevicePlatform } from '../notifications/device';
import { NotificationContent } from '../notifications/notification';

export interface PushMessage {
  readonly appId: string;
  readonly notificationId: string;
  readonly content: NotificationContent;
}

export interface PushBatchResult {
  /** Tokens the service accepted the message for. */
  readonly sent: number;
  /** Tokens refused for another reason than being unregistered (a bad message, a rejected token, no answer). */
  readonly failed: number;
  /** Tokens the service reported as no longer registered (the app was uninstalled, the token expired). */
  readonly unregistered: readonly string[];
}

/**
 * A push service (FCM, APNs, or the recording stand-in). Sends one message to a batch of device
 * tokens of one platform. Throws when the service could not take the message for any of them
 * (unreachable, overloaded, refusing our credentials): the caller retries the whole batch later.
 */
export interface PushSender {
  send(platform: DevicePlatform, tokens: readonly string[], message: PushMessage): Promise<PushBatchResult>;
}
