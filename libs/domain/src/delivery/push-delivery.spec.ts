import { deliveryAfterAttempt, PushDelivery, retriedDelivery } from './push-delivery';
import { PushErrorCode } from './push-error';

const created = new Date('2026-05-01T00:00:00Z');
const delivery = (fields: Partial<PushDelivery> = {}): PushDelivery => ({
  id: 'd1', appId: 'a1', endpointId: 'e1', eventId: 'ev1', dataType: 'challenge', event: 'challenge_start', status: 'pending', attempts: 0,
  nextAttemptAt: created, windowStart: created, lastError: null, deliveredAt: null, createdAt: created, ...fields,
});
const policy = { baseMs: 5_000, random: () => 0.5 };
const attemptAt = (iso: string, statusCode: number | null, error: string | null = null) => ({ at: new Date(iso), statusCode, latencyMs: 12, error });

describe('push delivery states', () => {
  it('is delivered on any 2xx', () => {
    expect(deliveryAfterAttempt(delivery(), attemptAt('2026-05-01T00:00:01Z', 204), policy)).toMatchObject({
      status: 'delivered', attempts: 1, nextAttemptAt: null, deliveredAt: new Date('2026-05-01T00:00:01Z'),
    });
  });

  it('is retried per the schedule after a non-2xx answer or no answer', () => {
    // first failure: 5 s × (0.5 + 0.5 × 0.5) = 3.75 s later
    expect(deliveryAfterAttempt(delivery(), attemptAt('2026-05-01T00:00:01Z', 500), policy)).toMatchObject({
      status: 'pending', attempts: 1, lastError: 'HTTP 500', nextAttemptAt: new Date('2026-05-01T00:00:04.750Z'),
    });
    // third failure: 20 s × 0.75 = 15 s later
    expect(deliveryAfterAttempt(delivery({ attempts: 2 }), attemptAt('2026-05-01T00:01:00Z', 301), policy).nextAttemptAt).toEqual(new Date('2026-05-01T00:01:15Z'));
    expect(deliveryAfterAttempt(delivery(), attemptAt('2026-05-01T00:00:15Z', null, 'timed out after 15 s'), policy).lastError).toBe('timed out after 15 s');
  });

  it('fails once the 24-hour window is over', () => {
    expect(deliveryAfterAttempt(delivery({ attempts: 15 }), attemptAt('2026-05-01T23:00:00Z', 503), policy)).toMatchObject({
      status: 'failed', attempts: 16, nextAttemptAt: null, lastError: 'HTTP 503',
    });
  });

  it('re-sends a failed or delivered delivery now, with a new window; refuses a pending one', () => {
    const now = new Date('2026-05-03T00:00:00Z');
    expect(retriedDelivery(delivery({ status: 'failed', attempts: 16 }), now)).toMatchObject({ status: 'pending', nextAttemptAt: now, windowStart: now, attempts: 16 });
    expect(retriedDelivery(delivery({ status: 'delivered' }), now).status).toBe('pending');
    expect(() => retriedDelivery(delivery(), now)).toThrow(expect.objectContaining({ code: PushErrorCode.NotRetryable }));
  });
});
