import fc from 'fast-check';
import { MAX_RETRY_DELAY_MS, nextAttemptAt, RETRY_WINDOW_MS, retryDelayMs } from './retry-schedule';

describe('retry schedule', () => {
  it('doubles from the base, with the jitter in the upper half of each delay', () => {
    // base 5 s: 5, 10, 20, 40 s; random 0 gives half of it, random just below 1 all of it.
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 5_000, 0))).toEqual([2_500, 5_000, 10_000, 20_000]);
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 5_000, 0.5))).toEqual([3_750, 7_500, 15_000, 30_000]);
  });

  it('waits at most 4 hours between attempts', () => {
    // 5 s × 2^12 = 20480 s > 4 h (14400 s): capped.
    expect(retryDelayMs(13, 5_000, 0.999999)).toBe(14_400_000 - 7);
    expect(retryDelayMs(50, 5_000, 0)).toBe(7_200_000);
  });

  it('gives up once the next attempt would fall after the 24-hour window', () => {
    const start = new Date('2026-05-01T00:00:00Z');
    expect(nextAttemptAt(1, start, start, 5_000, 0)).toEqual(new Date('2026-05-01T00:00:02.500Z'));
    // 23:59:00 + at least 2 h (attempt 20, capped 4 h, half of it) > 24:00.
    expect(nextAttemptAt(20, start, new Date('2026-05-01T23:59:00Z'), 5_000, 0)).toBeNull();
  });

  it('keeps every delay within [half, all] of the capped exponential delay and never past the window', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 10, max: 3_600_000 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, base, random) => {
        const full = Math.min(base * 2 ** (n - 1), MAX_RETRY_DELAY_MS);
        const delay = retryDelayMs(n, base, random);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(full / 2));
        expect(delay).toBeLessThanOrEqual(Math.ceil(full));
        const start = new Date('2026-05-01T00:00:00Z');
        const next = nextAttemptAt(n, start, new Date(start.getTime() + 3_600_000), base, random);
        if (next) expect(next.getTime()).toBeLessThanOrEqual(start.getTime() + RETRY_WINDOW_MS);
      }),
    );
  });

  it('grows the delay with the number of failures for the same jitter', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (n, random) => {
        expect(retryDelayMs(n + 1, 5_000, random)).toBeGreaterThanOrEqual(retryDelayMs(n, 5_000, random));
      }),
    );
  });
});
