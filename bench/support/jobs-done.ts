import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';

/** Resolves once the API's job queue holds no pending or running job (polled every `everyMs`). */
export async function jobsDone(pool: Pool, everyMs = 50): Promise<void> {
  while ((await pool.query("SELECT count(*)::int AS n FROM job WHERE status IN ('pending', 'running')")).rows[0].n > 0) await sleep(everyMs);
}
