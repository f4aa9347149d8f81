/**
 * Has the PostgreSQL backend behind `db` allocate and free one 16 MB block. glibc's malloc serves a
 * block above its mmap threshold (128 kB at first) with a fresh mapping, whose pages the kernel
 * zeroes at first touch, and raises the threshold to the size of a mapped block once one is freed.
 * Until some statement of a backend has freed a block that large, each large statement pays those
 * page faults again (the anchors' 500-row INSERT: 19-21 ms of PostgreSQL CPU a batch on a new
 * connection, 7.5-8 ms after this; docs/benchmarks.md "Thirty-ninth session"). The anchors prime
 * their connections so that they are never measured in the state a bench's own later query
 * happens to end (which made a run's first scenarios' anchor twice as slow as its last ones').
 */
export async function primeAllocator(db: { query(text: string): Promise<unknown> }): Promise<void> {
  await db.query("SELECT length(repeat('x', 16000000))");
}
