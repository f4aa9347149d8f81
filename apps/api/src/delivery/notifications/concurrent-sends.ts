/** Runs `send` for every item with at most `limit` in flight (a batch never opens hundreds of requests at once). */
export async function forEachConcurrently<T>(items: readonly T[], limit: number, send: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await send(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** How one token fared: a push service's answer sorted into what the fan-out counts. */
export type TokenOutcome = 'sent' | 'unregistered' | 'failed' | 'unavailable';

/**
 * Sums the outcomes of a batch. When the service was unavailable for every token (unreachable,
 * overloaded, refusing our credentials), nothing went out: throws, so the job retries the batch.
 */
export function batchResult(tokens: readonly string[], outcomes: ReadonlyMap<string, TokenOutcome>, service: string) {
  const unregistered = tokens.filter((token) => outcomes.get(token) === 'unregistered');
  const sent = tokens.filter((token) => outcomes.get(token) === 'sent').length;
  const unavailable = tokens.filter((token) => outcomes.get(token) === 'unavailable').length;
  if (tokens.length > 0 && unavailable === tokens.length) throw new Error(`${service} unavailable for all ${tokens.length} tokens of the batch`);
  return { sent, unregistered, failed: tokens.length - sent - unregistered.length };
}

/** Each request to a push service gives up after this long (the token counts as unavailable). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;
/** Requests in flight per batch and service. */
export const PUSH_CONCURRENCY = 20;
