import { PushDeliveryQuery, PushDeliveryRecord, PushDeliveryRepository } from '../ports/push-delivery-repository';

/** GET app/push_deliveries/: the delivery log, newest first, with every attempt. */
export class ListPushDeliveriesUseCase {
  constructor(private readonly deliveries: PushDeliveryRepository) {}

  execute(query: PushDeliveryQuery): Promise<PushDeliveryRecord[]> {
    return this.deliveries.page(query);
  }
}
