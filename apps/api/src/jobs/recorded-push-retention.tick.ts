import { Clock } from '@strive/domain';
import { EntityManager } from 'typeorm';
import { Tick } from './job-handler';

/** What the recording push sender kept is readable this long. */
export const KEEP_RECORDED_PUSH_DAYS = 7;
/** Rows deleted per run at most, so that one tick stays short; the next runs take the rest. */
const DELETE_PER_RUN = 50_000;

/** Deletes recorded pushes past their keep time (docs/notifications.md "The recording sender"). */
export class RecordedPushRetentionTick implements Tick {
  readonly name = 'recorded-push-retention';

  // The clock that stamped recorded_at (the recording sender's), not the database's.
  constructor(private readonly clock: Clock) {}

  async run(manager: EntityManager): Promise<void> {
    await manager.query(
      `DELETE FROM recorded_push WHERE (app_id, id) IN (
         SELECT app_id, id FROM recorded_push WHERE recorded_at < $1::timestamptz - $2 * interval '1 day' LIMIT $3)`,
      [this.clock.now(), KEEP_RECORDED_PUSH_DAYS, DELETE_PER_RUN],
    );
  }
}
