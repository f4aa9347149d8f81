import { DataSource, EntityManager } from 'typeorm';

/** A connection or a transaction's manager: adapters built on a manager run inside its transaction. */
export type Db = DataSource | EntityManager;

/** Raw rows of db.query: PostgreSQL and PGlite return numbers of double columns as numbers. */
export type Row = Record<string, unknown>;

export const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
export const toDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));

/** Runs `work` in a transaction: the caller's, when `db` is already a transaction's manager. */
export async function atomically<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (db instanceof EntityManager && db.queryRunner?.isTransactionActive) return work(db);
  return db.transaction((manager) => work(manager));
}

/** Marks cached leaderboards of these challenges stale (see ChallengeEntity.leaderboardVersion). */
export async function bumpLeaderboardVersion(db: Db, challengeIds: readonly string[]): Promise<void> {
  if (challengeIds.length === 0) return;
  await db.query('UPDATE challenge SET leaderboard_version = leaderboard_version + 1 WHERE id = ANY($1::uuid[])', [[...challengeIds]]);
}

/** The current leaderboard version of a challenge ('' when it does not exist). */
export async function leaderboardVersion(db: Db, challengeId: string): Promise<string> {
  const rows: Row[] = await db.query('SELECT leaderboard_version::text AS v FROM challenge WHERE id = $1', [challengeId]);
  return rows.length > 0 ? String(rows[0].v) : '';
}
