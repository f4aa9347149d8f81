import { PushAttempt, PushDelivery, PushDeliveryStatus } from '../delivery/push-delivery';

/** A delivery with its attempts (oldest first), as the delivery log shows it. */
export interface PushDeliveryRecord {
  readonly delivery: PushDelivery;
  readonly attempts: readonly PushAttempt[];
}

/** A position in the (createdAt, id) order of deliveries. */
export interface PushDeliveryPosition {
  readonly createdAt: Date;
  readonly id: string;
}

export interface PushDeliveryQuery {
  readonly appId: string;
  readonly endpointId?: string;
  /** A challenge event name or a push data type. */
  readonly event?: string;
  readonly status?: PushDeliveryStatus;
  /** Newest first: 'older' pages continue after the position, 'newer' before it. */
  readonly position?: PushDeliveryPosition;
  readonly direction: 'older' | 'newer';
  readonly limit: number;
}

/** The delivery log of an app; every read is scoped to the app. */
export interface PushDeliveryRepository {
  find(appId: string, id: string): Promise<PushDeliveryRecord | null>;
  /** Up to `limit` deliveries, newest first whatever the direction. */
  page(query: PushDeliveryQuery): Promise<PushDeliveryRecord[]>;
  /**
   * Stores a manual re-send (status, next attempt, window) if the delivery is still finished:
   * false when a concurrent re-send or worker made it pending first, or it is gone.
   */
  requeue(delivery: PushDelivery): Promise<boolean>;
}
