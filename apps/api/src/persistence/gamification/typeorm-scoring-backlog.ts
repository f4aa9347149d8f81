import { QueuedScoring, ScoringBacklog, TakenScoring } from '@strive/domain';
import { Db, epochMs, fromEpochMs, PreparedStatement, queryPrepared, Row } from '../shared/db';

/** The longest wait of a change whose scoring keeps failing (retried every hour from then on). */
const MAX_BACKOFF_SECONDS = 3600;

/** Written by every upload: prepared once per connection (queryPrepared). */
const ADD: PreparedStatement = {
  name: 'scoring_backlog_add',
  text: 'INSERT INTO scoring_backlog (app_id, profile_id, from_at, to_at, replaced, queued_at) VALUES ($1, $2, $3, $4, $5, $6)',
};

/**
 * The scoring_backlog table. `add` is a plain insert (an upload never waits on another's row);
 * `take` deletes the oldest due rows no other transaction holds (FOR UPDATE SKIP LOCKED) and
 * merges each profile's into one span; `postpone` makes a profile's rows due later.
 */
export class TypeOrmScoringBacklog implements ScoringBacklog {
  constructor(private readonly db: Db) {}

  async add(change: QueuedScoring): Promise<void> {
    await queryPrepared(this.db, ADD, [
      change.appId, change.profileId, change.from, change.to, change.replaced, change.queuedAt,
    ]);
  }

  async take(limit: number, profile?: { appId: string; profileId: string }): Promise<TakenScoring> {
    const rows: Row[] = await this.db.query(
      `WITH taken AS (
         DELETE FROM scoring_backlog WHERE id IN (
           SELECT id FROM scoring_backlog
           WHERE run_at <= now() AND ($2::uuid IS NULL OR (app_id = $2 AND profile_id = $3))
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING id, app_id, profile_id, from_at, to_at, replaced, queued_at)
       SELECT app_id, profile_id, ${epochMs('min(from_at)', 'from_ms')}, ${epochMs('max(to_at)', 'to_ms')}, bool_or(replaced) AS replaced,
              ${epochMs('min(queued_at)', 'queued_ms')}, (sum(count(*)) OVER ())::int AS taken
       FROM taken GROUP BY app_id, profile_id ORDER BY min(id)`,
      [limit, profile?.appId ?? null, profile?.profileId ?? null],
    );
    const changes = rows.map((row) => ({
      appId: String(row.app_id),
      profileId: String(row.profile_id),
      from: fromEpochMs(row.from_ms),
      to: fromEpochMs(row.to_ms),
      replaced: row.replaced === true,
      queuedAt: fromEpochMs(row.queued_ms),
    }));
    return { changes, full: rows.length > 0 && rows[0].taken === limit };
  }

  async postpone(profile: { appId: string; profileId: string }, error: string): Promise<void> {
    await this.db.query(
      `UPDATE scoring_backlog SET attempts = attempts + 1, last_error = $3,
         run_at = now() + least(${MAX_BACKOFF_SECONDS}, power(2, attempts)) * interval '1 second'
       WHERE app_id = $1 AND profile_id = $2`,
      [profile.appId, profile.profileId, error.slice(0, 2000)],
    );
  }
}
