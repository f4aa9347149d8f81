import { PushAttempt, PushDelivery } from '../delivery/push-delivery';
import { PushEndpoint } from '../delivery/push-endpoint';

/** A due delivery a worker holds (a lease) with what it needs to send it. */
export interface ClaimedPushDelivery {
  readonly delivery: PushDelivery;
  readonly endpoint: PushEndpoint;
  /** The exact body bytes, the same on every attempt. */
  readonly body: string;
  /** Proves the lease on completion: a worker whose lease expired (and was re-claimed) cannot overwrite. */
  readonly leaseToken: string;
}

/**
 * Due deliveries, claimed by any number of workers in any number of processes: a claim skips
 * rows other workers hold and leases the row for a while, so a worker that died leaves it due
 * again once the lease ends (it is re-sent under the same webhook-id).
 */
export interface PushDeliveryQueue {
  /** At most one due delivery of an active endpoint that has no other delivery in flight; null when none. */
  claim(now: Date, leaseMs: number, leaseToken: string): Promise<ClaimedPushDelivery | null>;
  /**
   * Records the attempt, the delivery's new state and the endpoint's (failure streak, disabling),
   * atomically; false (nothing written) when the lease was lost. `endpointAfter` is computed
   * from the endpoint as the adapter reads it, locked, inside that transaction.
   */
  complete(
    claimed: ClaimedPushDelivery,
    attempt: PushAttempt,
    delivery: PushDelivery,
    endpointAfter: (current: PushEndpoint) => PushEndpoint,
  ): Promise<boolean>;
}
