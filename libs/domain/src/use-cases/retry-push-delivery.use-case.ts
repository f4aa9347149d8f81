import { retriedDelivery } from '../delivery/push-delivery';
import { PushError } from '../delivery/push-error';
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
    await this.deliveries.save(delivery);
    return { delivery, attempts: found.attempts };
  }
}
