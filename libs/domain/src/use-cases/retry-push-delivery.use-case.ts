import { retriedDelivery } from '../delivery/push-delivery';
import { PushError, PushErrorCode } from '../delivery/push-error';
import { Clock } from '../ports/clock';
import { PushDeliveryRecord, PushDeliveryRepository } from '../ports/push-delivery-repository';

/** POST app/push_deliveries/{id}/retry/: sends a finished delivery again, under the same webhook-id. */
export class RetryPushDeliveryUseCase {
  constructor(
    private readonly deliveries: PushDeliveryRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly appId: string; readonly id: string }): Promise<PushDeliveryRecord> {
    const found = await this.deliveries.find(input.appId, input.id);
    if (!found) throw PushError.deliveryNotFound(input.id);
    const delivery = retriedDelivery(found.delivery, this.clock.now());
    if (!(await this.deliveries.requeue(delivery))) {
      // A concurrent re-send got there first: the same refusal as for a pending delivery.
      throw new PushError(PushErrorCode.NotRetryable, `Delivery ${input.id} is pending: it is sent again on its own.`);
    }
    return { delivery, attempts: found.attempts };
  }
}
