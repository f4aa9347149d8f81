import { nextAttemptAt } from './retry-schedule';
import { PushDataType } from './push-endpoint';
import { PushError, PushErrorCode } from './push-error';

export const PUSH_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/** pending: waiting for its next attempt; delivered: a 2xx answer; failed: 24 hours of failed attempts (or the endpoint went away). */
export type PushDeliveryStatus = (typeof PUSH_DELIVERY_STATUSES)[number];

/** One event for one endpoint. */
export interface PushDelivery {
  readonly id: string;
  readonly appId: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly dataType: PushDataType;
  /** challenge event name, or the push data type of a data push. */
  readonly event: string;
  readonly status: PushDeliveryStatus;
  readonly attempts: number;
  readonly nextAttemptAt: Date | null;
  /** Start of the current 24-hour retry window (creation, or the last manual re-send). */
  readonly windowStart: Date;
  readonly lastError: string | null;
  readonly deliveredAt: Date | null;
  readonly createdAt: Date;
}

/** One try: what the receiver answered (statusCode null when it did not answer) and how long it took. */
export interface PushAttempt {
  readonly at: Date;
  readonly statusCode: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
}

/** A 2xx answer is a delivery; anything else (another status, no answer, a timeout) is a failure. */
export function attemptSucceeded(attempt: Pick<PushAttempt, 'statusCode'>): boolean {
  return attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
}

export interface RetryPolicy {
  readonly baseMs: number;
  /** Uniform in [0, 1): the jitter. */
  readonly random: () => number;
}

/** The delivery after an attempt: delivered, due again per the retry schedule, or failed when the 24 hours are over. */
export function deliveryAfterAttempt(delivery: PushDelivery, attempt: PushAttempt, policy: RetryPolicy): PushDelivery {
  const attempts = delivery.attempts + 1;
  if (attemptSucceeded(attempt)) {
    return { ...delivery, attempts, status: 'delivered', nextAttemptAt: null, lastError: null, deliveredAt: attempt.at };
  }
  const lastError = attempt.error ?? `HTTP ${attempt.statusCode}`;
  const next = nextAttemptAt(attempts, delivery.windowStart, attempt.at, policy.baseMs, policy.random());
  return { ...delivery, attempts, status: next ? 'pending' : 'failed', nextAttemptAt: next, lastError };
}

/**
 * A manual re-send (POST push_deliveries/{id}/retry/): a failed (or delivered) delivery is due
 * now with a fresh 24-hour window, under the same webhook-id. A pending one is already on its way.
 */
export function retriedDelivery(delivery: PushDelivery, now: Date): PushDelivery {
  if (delivery.status === 'pending') {
    throw new PushError(PushErrorCode.NotRetryable, `Delivery ${delivery.id} is pending: it is sent again on its own.`);
  }
  return { ...delivery, status: 'pending', nextAttemptAt: now, windowStart: now };
}
