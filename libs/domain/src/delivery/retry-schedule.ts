/** How long a delivery is retried after it was first due (contract: 24 hours). */
export const RETRY_WINDOW_MS = 24 * 3_600_000;
/** No single wait is longer than this, so the last hours of the window still see attempts. */
export const MAX_RETRY_DELAY_MS = 4 * 3_600_000;

/**
 * The wait before attempt n+1 after n failed attempts (n >= 1): exponential backoff from
 * `baseMs` (base × 2^(n−1), at most 4 hours) with "equal jitter": a uniformly random point in
 * the upper half of that delay, so receivers that failed together do not get retried together.
 * `random` is in [0, 1). With the default base of 5 s: about 5, 10, 20, 40 s, ... 2.8 h, then 4 h
 * (each between half and all of it). docs/webhooks.md lists the schedule.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number, random: number): number {
  const exponent = Math.min(Math.max(failedAttempts, 1) - 1, 40);
  const delay = Math.min(baseMs * 2 ** exponent, MAX_RETRY_DELAY_MS);
  return Math.round(delay / 2 + (delay / 2) * random);
}

/**
 * When to try a delivery again after its n-th failed attempt at `now`, or null once the next
 * attempt would fall after the 24 hours that started at `windowStart` (the delivery has failed).
 */
export function nextAttemptAt(failedAttempts: number, windowStart: Date, now: Date, baseMs: number, random: number): Date | null {
  const next = now.getTime() + retryDelayMs(failedAttempts, baseMs, random);
  return next > windowStart.getTime() + RETRY_WINDOW_MS ? null : new Date(next);
}
