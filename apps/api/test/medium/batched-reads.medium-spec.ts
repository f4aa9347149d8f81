import { batchedReads } from '../../src/persistence/shared/batched-reads';

/** batchedReads: what a key waits for, and which keys share a read (no database: the load is a fake). */
describe('batchedReads', () => {
  /** A load whose reads the test finishes by hand; it records the keys of every read when it starts. */
  function manualLoad() {
    const reads: { keys: string[]; finish: (values?: Record<string, number>) => void; fail: (error: Error) => void }[] = [];
    const load = (keys: readonly string[]) =>
      new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
        reads.push({ keys: [...keys], finish: (values = {}) => resolve(new Map(Object.entries(values))), fail: reject });
      });
    return { reads, load };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('reads the keys asked for together in one read, and answers null for a key the read did not find', async () => {
    const { reads, load } = manualLoad();
    const read = batchedReads(load);
    const answers = Promise.all([read('a'), read('b'), read('a')]);
    await settle();
    expect(reads.map((r) => r.keys)).toEqual([['a', 'b', 'a']]);
    reads[0].finish({ a: 1 });
    expect(await answers).toEqual([1, null, 1]);
  });

  it('a key asked for while a read is under way waits for the next read, which starts after that one ends', async () => {
    const { reads, load } = manualLoad();
    const read = batchedReads(load);
    const first = read('a');
    await settle();
    const second = read('a'); // the value may have changed since the first read started
    const third = read('c');
    await settle();
    expect(reads.map((r) => r.keys)).toEqual([['a']]);
    reads[0].finish({ a: 1 });
    expect(await first).toBe(1);
    await settle();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['a', 'c']]);
    reads[1].finish({ a: 2, c: 3 });
    expect(await Promise.all([second, third])).toEqual([2, 3]);
  });

  it('a failed read fails its keys only; the next read is made', async () => {
    const { reads, load } = manualLoad();
    const read = batchedReads(load);
    const failing = read('a');
    await settle();
    reads[0].fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    const next = read('a');
    await settle();
    reads[1].finish({ a: 7 });
    expect(await next).toBe(7);
  });
});
