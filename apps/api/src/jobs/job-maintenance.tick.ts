import { EntityManager } from 'typeorm';
import { Tick } from './job-handler';

/** A 'running' job whose lock was not renewed for this long belongs to a worker that died (jobs are idempotent). */
export const STALE_LOCK_MINUTES = 15;
/** Finished jobs are kept this long, for inspection. */
export const KEEP_FINISHED_DAYS = 7;

/** Hands jobs of dead workers back to the queue and deletes finished jobs past their keep time. */
export class JobMaintenanceTick implements Tick {
  readonly name = 'job-maintenance';

  async run(manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE job SET status = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'pending' END, run_at = now(),
         finished_at = CASE WHEN attempts >= max_attempts THEN now() END, locked_at = NULL, locked_by = NULL,
         last_error = coalesce(last_error, 'its worker stopped while running it')
       WHERE status = 'running' AND locked_at < now() - $1 * interval '1 minute'`,
      [STALE_LOCK_MINUTES],
    );
    await manager.query(`DELETE FROM job WHERE status IN ('done', 'failed') AND finished_at < now() - $1 * interval '1 day'`, [KEEP_FINISHED_DAYS]);
  }
}
