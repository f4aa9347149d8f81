import { DevicePlatform, PushBatchResult, PushMessage, PushSender } from '@strive/domain';

/** The push service of each platform: APNs for ios, FCM for android and web, each the recording stand-in when not configured. */
export class PlatformPushSender implements PushSender {
  constructor(private readonly senders: Readonly<Record<DevicePlatform, PushSender>>) {}

  send(platform: DevicePlatform, tokens: readonly string[], message: PushMessage): Promise<PushBatchResult> {
    return this.senders[platform].send(platform, tokens, message);
  }

  /** Closes the connections the senders keep open (APNs's HTTP/2 session). */
  close(): void {
    for (const sender of new Set(Object.values(this.senders))) (sender as { close?: () => void }).close?.();
  }
}
