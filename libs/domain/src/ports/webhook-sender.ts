import { PushAttempt } from '../delivery/push-delivery';

export interface WebhookRequest {
  readonly url: string;
  readonly webhookId: string;
  readonly timestamp: Date;
  readonly body: string;
  /** Every secret to sign with (two during a rotation). */
  readonly secrets: readonly string[];
}

/** Sends one signed webhook and reports the attempt; never throws for what the receiver does. */
export interface WebhookSender {
  send(request: WebhookRequest): Promise<PushAttempt>;
}
