import { DevicePlatform } from '../src/notifications/device';
import { PushBatchResult, PushMessage, PushSender } from '../src/ports/push-sender';

export interface SentBatch {
  readonly platform: DevicePlatform;
  readonly tokens: readonly string[];
  readonly message: PushMessage;
}

/**
 * A push service for unit tests: keeps every batch it was handed, reports the tokens of
 * `unregistered` as unregistered and those of `refused` as failed.
 */
export class ScriptedPushSender implements PushSender {
  readonly batches: SentBatch[] = [];
  readonly unregistered = new Set<string>();
  readonly refused = new Set<string>();

  async send(platform: DevicePlatform, tokens: readonly string[], message: PushMessage): Promise<PushBatchResult> {
    this.batches.push({ platform, tokens: [...tokens], message });
    const unregistered = tokens.filter((t) => this.unregistered.has(t));
    const failed = tokens.filter((t) => this.refused.has(t)).length;
    return { sent: tokens.length - unregistered.length - failed, failed, unregistered };
  }
}
