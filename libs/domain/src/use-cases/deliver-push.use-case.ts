import { deliveryAfterAttempt, PushDeliveryStatus, RetryPolicy } from '../delivery/push-delivery';
import { endpointAfterAttempt } from '../delivery/push-endpoint';
import { webhookId } from '../delivery/push-event';
import { signingSecrets } from '../delivery/push-secret';
import { Clock } from '../ports/clock';
import { PushDeliveryQueue } from '../ports/push-delivery-queue';
import { WebhookSender } from '../ports/webhook-sender';

/**
 * One step of a delivery worker: claims a due delivery, sends it signed with the endpoint's
 * current secrets, and records the attempt with the delivery's and the endpoint's new state.
 * Answers the delivery's status after the attempt (pending: a retry is due later; failed: its 24
 * hours are over), or null when nothing was due. `onClaimed` is called as soon as a delivery is
 * claimed, before it is sent: more may be due, for other workers to claim meanwhile.
 */
export class DeliverPushUseCase {
  constructor(
    private readonly queue: PushDeliveryQueue,
    private readonly sender: WebhookSender,
    private readonly clock: Clock,
    private readonly retry: RetryPolicy,
    private readonly leaseMs: number,
    private readonly leaseTokens: { uuid(): string },
  ) {}

  async execute(onClaimed?: () => void): Promise<PushDeliveryStatus | null> {
    const claimed = await this.queue.claim(this.clock.now(), this.leaseMs, this.leaseTokens.uuid());
    if (!claimed) return null;
    onClaimed?.();
    const sentAt = this.clock.now();
    const attempt = await this.sender.send({
      url: claimed.endpoint.url,
      webhookId: webhookId(claimed.delivery.eventId),
      timestamp: sentAt,
      body: claimed.body,
      secrets: signingSecrets(claimed.endpoint, sentAt),
    });
    const delivery = deliveryAfterAttempt(claimed.delivery, attempt, this.retry);
    const succeeded = delivery.status === 'delivered';
    await this.queue.complete(claimed, attempt, delivery, (current) => endpointAfterAttempt(current, succeeded, attempt.at));
    return delivery.status;
  }
}
