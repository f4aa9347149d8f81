import DataLoader from 'dataloader';

/** Keys read in one statement at the most. */
const MAX_BATCH = 1_000;

/**
 * Reads by key for many concurrent requests at once (DataLoader, nothing cached): a key waits for
 * the next read that starts after it was asked for, so it sees every write committed before the
 * question (as a query of its own would), and while one read is under way every key asked for
 * meanwhile joins the next one. Under load one round trip answers dozens of requests.
 */
export function batchedReads<V>(load: (keys: readonly string[]) => Promise<ReadonlyMap<string, V>>): (key: string) => Promise<V | null> {
  let inFlight: Promise<unknown> = Promise.resolve();
  const loader = new DataLoader<string, V | null>(
    async (keys) => {
      const reading = load(keys);
      inFlight = reading.catch(() => undefined);
      const found = await reading;
      return keys.map((key) => found.get(key) ?? null);
    },
    { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (dispatch) => void inFlight.then(dispatch) },
  );
  return (key) => loader.load(key);
}
