import { Db, Row } from '../shared/db';

/** The members whose leaderboard entries changed after a version (leaderboard_change). */
export interface LeaderboardChangesSince {
  /** The challenge's leaderboard_version when they were read: the version they bring a ranking to. */
  readonly version: number;
  /**
   * The changed members; null when they cannot be patched in: the log no longer holds every
   * version since (kept a few minutes), every entry changed at once (reset), or more than `limit`
   * members changed. Then the ranking is rebuilt.
   */
  readonly profileIds: string[] | null;
  /**
   * The periods those versions changed scores in, when every one of them names its periods (score
   * writes; not membership or profile changes) and the log holds them all; else null (any period).
   */
  readonly periods: { readonly first: number; readonly last: number } | null;
}

/**
 * Reads, in one statement (one snapshot), a challenge's leaderboard version and the members that
 * the versions after `since` changed, and in which periods. Each version writes one row (see
 * recordLeaderboardChanges), so the log is complete when it holds every version in (since, version].
 */
export async function readLeaderboardChanges(db: Db, appId: string, challengeId: string, since: number, limit: number): Promise<LeaderboardChangesSince | null> {
  const rows: Row[] = await db.query(
    `SELECT c.leaderboard_version::text AS version, c.leaderboard_reset_version::text AS reset, v.versions, v.unbounded, v.first_period, v.last_period,
       (SELECT coalesce(array_agg(p.id), '{}') FROM (
          SELECT DISTINCT m.id::text AS id FROM leaderboard_change l CROSS JOIN LATERAL unnest(l.profile_ids) AS m(id)
          WHERE l.app_id = c.app_id AND l.challenge_id = c.id AND l.version > $3 AND l.version <= c.leaderboard_version LIMIT $4) AS p) AS profile_ids
     FROM challenge c CROSS JOIN LATERAL (
       SELECT count(*)::int AS versions, count(*) FILTER (WHERE l.first_period IS NULL)::int AS unbounded,
         min(l.first_period) AS first_period, max(l.last_period) AS last_period
       FROM leaderboard_change l
       WHERE l.app_id = c.app_id AND l.challenge_id = c.id AND l.version > $3 AND l.version <= c.leaderboard_version) v
     WHERE c.app_id = $1 AND c.id = $2`,
    [appId, challengeId, since, limit + 1],
  );
  if (rows.length === 0) return null;
  const version = Number(rows[0].version);
  const profileIds = rows[0].profile_ids as string[];
  const complete = Number(rows[0].reset) <= since && Number(rows[0].versions) === version - since;
  const bounded = complete && Number(rows[0].versions) > 0 && Number(rows[0].unbounded) === 0;
  return {
    version,
    profileIds: complete && profileIds.length <= limit ? profileIds : null,
    periods: bounded ? { first: Number(rows[0].first_period), last: Number(rows[0].last_period) } : null,
  };
}

/** Forgets changes older than `minutes` (rankings further behind are rebuilt). */
export async function pruneLeaderboardChanges(db: Db, minutes: number): Promise<void> {
  await db.query(`DELETE FROM leaderboard_change WHERE changed_at < now() - $1 * interval '1 minute'`, [minutes]);
}
