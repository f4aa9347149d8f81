import { DataSource, EntityManager } from 'typeorm';
import { IsoString } from '@strive/domain';
import { arrayLiteral } from './array-literal';
import { markChallengesChanged } from './change-feed';

/** A connection or a transaction's manager: adapters built on a manager run inside its transaction. */
export type Db = DataSource | EntityManager;

/** Raw rows of db.query: PostgreSQL and PGlite return numbers of double columns as numbers. */
export type Row = Record<string, unknown>;

export const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
export const toDateOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : toDate(value));

/** A statement each connection prepares once under its name (see queryPrepared). */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/**
 * db.query of a statement that PostgreSQL parses, analyzes and plans once per connection, not on
 * every call: the upload's upsert, a statement of several parts, took 2.1-2.4 ms less of its 15-16
 * so (docs/benchmarks.md "Forty-fourth session"). Only for a statement whose best plan does not
 * depend on its parameters' values: after five runs PostgreSQL keeps one plan for all.
 */
export function queryPrepared<T = Row>(db: Db, statement: PreparedStatement, params: unknown[]): Promise<T[]> {
  // TypeORM hands its query to the driver as it is, and pg (as the embedded pool) takes a
  // { name, text } config where it takes a string.
  return db.query(statement as unknown as string, params);
}

/**
 * epochMs selects an instant column as epoch milliseconds, fromEpochMs turns the value into a
 * Date: bulk reads of scores and records turn thousands of instants into Dates, and parsing
 * timestamp text took 7 % of a 100,000-member day's rescoring, against a float's parse.
 */
export const epochMsOf = (column: string): string => `(extract(epoch FROM ${column}) * 1000)::float8`;
export const epochMs = (column: string, alias = column): string => `${epochMsOf(column)} AS ${alias}`;
/**
 * epochMsOf for a column that holds whole milliseconds (every instant written from a JavaScript
 * Date): the same number by float arithmetic rather than decimal, a fifth less of a score read's
 * time (seven instants a row). Seconds as a double are off by less than a microsecond below the
 * year 2100, so rounding the milliseconds finds the exact value; a column that may hold
 * microseconds (now()) uses epochMsOf, which truncates them as a Date does.
 */
export const wholeEpochMsOf = (column: string): string => `round(date_part('epoch', ${column}) * 1000)`;
export const wholeEpochMs = (column: string, alias = column): string => `${wholeEpochMsOf(column)} AS ${alias}`;
export const fromEpochMs = (value: unknown): Date => new Date(Number(value));
export const fromEpochMsOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : fromEpochMs(value));

/**
 * The rows of `SELECT <columns> <from>` (`from`: the FROM clause and what follows it, without
 * ORDER BY or LIMIT), in `orderBy`'s order, as arrays of the columns' JSON values: one json
 * document for them all. A bulk read costs the driver one string and one JSON.parse instead of a
 * row object and a string and a parse per value (a rescoring batch's 700 stored scores, 22 columns:
 * 4.8-6.0 ms of this process's CPU as rows, 1.4-2.4 ms as a document; docs/benchmarks.md
 * "Twenty-second session"). Numbers keep their exact value: PostgreSQL writes a float8 in JSON as
 * it writes it as text (shortest round-trip form); NaN and infinities come as strings.
 */
export async function jsonRows(db: Db, columns: readonly string[], from: string, params: unknown[], orderBy?: string): Promise<unknown[][]> {
  const [row]: Row[] = await db.query(
    `SELECT coalesce(json_agg(json_build_array(${columns.join(', ')})${orderBy ? ` ORDER BY ${orderBy}` : ''}), '[]')::text AS rows ${from}`,
    params,
  );
  return JSON.parse(row.rows as string) as unknown[][];
}

/**
 * jsonRows for a batch's bulk reads: one json document per group (`groupBy`: an expression that
 * cuts the rows into parts of some tens of kB), not one for the whole result. A rescoring batch's
 * 20,000 records as one document were a 3.5 MB message, which the driver gathered by growing and
 * copying its buffer chunk after chunk (2.5 s of a 100,000-member first scoring's 44 s of
 * JavaScript) and decoded into one string in the old generation (docs/benchmarks.md
 * "Twenty-seventh session"). Rows come in no particular order.
 */
export async function jsonRowGroups(db: Db, columns: readonly string[], from: string, params: unknown[], groupBy: string): Promise<unknown[][]> {
  const groups: Row[] = await db.query(`SELECT json_agg(json_build_array(${columns.join(', ')}))::text AS rows ${from} GROUP BY ${groupBy}`, params);
  const rows: unknown[][] = [];
  for (const group of groups) for (const row of JSON.parse(group.rows as string) as unknown[][]) rows.push(row);
  return rows;
}

/**
 * Waits for the turns of `keys` (TransactionPorts.takeTurn), held to the transaction's end: in one
 * sorted order, so two takers of overlapping keys never wait for each other in a circle.
 */
export async function takeTurns(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.query('SELECT count(pg_advisory_xact_lock(hashtextextended(k, 0))) FROM (SELECT DISTINCT unnest($1::text[]) AS k ORDER BY 1) keys', [arrayLiteral(keys)]);
}

/** Runs `work` in a transaction: the caller's, when `db` is already a transaction's manager. */
export async function atomically<T>(db: Db, work: (db: Db) => Promise<T>): Promise<T> {
  if (db instanceof EntityManager && db.queryRunner?.isTransactionActive) return work(db);
  return inTransaction(db, work);
}

/** What PostgreSQL answers a transaction it aborted so that another could go on (deadlock_detected, serialization_failure). */
const ABORTED_FOR_ANOTHER = new Set(['40P01', '40001']);
const ATTEMPTS = 3;

/**
 * Runs `work` in a new transaction, and again from the start (three attempts in all) when
 * PostgreSQL aborted it to break a deadlock: two writers that lock the same rows and turns in
 * opposite orders (an upload holds its profile's row, then waits for the profile's turn; the
 * profile's deletion holds the turn, then waits for the row) then both complete, one after the
 * other, instead of one failing. `work` keeps its effects inside the transaction, which rolls them
 * back before it runs again.
 */
export async function inTransaction<T>(db: Db, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !ABORTED_FOR_ANOTHER.has((error as { code?: string }).code ?? '')) throw error;
    }
  }
}

/**
 * Date.toISOString with a memo, for one bulk write: its rows share most of their instants (period
 * bounds, "now", day starts), and toISOString took 0.5-0.8 us a call (a whole challenge's scores
 * call it 1.6 million times for 10,000 members; docs/benchmarks.md "Scoring speed").
 */
export function isoStrings(): IsoString {
  const known = new Map<number, string>();
  return (date) => {
    const ms = date.getTime();
    let iso = known.get(ms);
    if (iso === undefined) known.set(ms, (iso = date.toISOString()));
    return iso;
  };
}

/**
 * What a write changed on the leaderboards of a challenge: these members' entries in periods
 * first..last (a score write names the periods of its rows; membership and profile changes
 * none: every period), or `'all'` (every entry at once: the scores were dropped for new rules).
 */
export interface ChangedMembers {
  readonly profileIds: readonly string[];
  readonly periods?: { readonly first: number; readonly last: number };
}

export type LeaderboardChanges = ReadonlyMap<string, ChangedMembers | 'all'>;

/**
 * The members of `items` per challenge (for recordLeaderboardChanges), with the periods the items
 * span where every item of the challenge names its own.
 */
export function changedMembers(
  items: readonly { challengeId: string; profileId: string; firstPeriod?: number; lastPeriod?: number }[],
): Map<string, ChangedMembers> {
  const changes = new Map<string, { members: Set<string>; first: number; last: number }>();
  for (const { challengeId, profileId, firstPeriod = -Infinity, lastPeriod = Infinity } of items) {
    const change = changes.get(challengeId);
    if (change) {
      change.members.add(profileId);
      change.first = Math.min(change.first, firstPeriod);
      change.last = Math.max(change.last, lastPeriod);
    } else changes.set(challengeId, { members: new Set([profileId]), first: firstPeriod, last: lastPeriod });
  }
  return new Map(
    [...changes].map(([challengeId, { members, first, last }]) => [
      challengeId,
      { profileIds: [...members], ...(Number.isFinite(first) && Number.isFinite(last) ? { periods: { first, last } } : {}) },
    ]),
  );
}

/**
 * A new leaderboard_version for each changed challenge (cached leaderboards of an older version
 * are stale) and, in the same statement, which members it changed in which periods (one
 * leaderboard_change row per version, the members as an array), so that a cached ranking
 * re-reads those members only, and only if it shows one of those periods; `'all'` also sets
 * leaderboard_reset_version (a cached ranking is rebuilt) and lists no member. Within the
 * writing transaction (one of its own if there is none): the challenge row stays locked until
 * commit, so versions of a challenge commit in order.
 */
export async function recordLeaderboardChanges(db: Db, changes: LeaderboardChanges): Promise<void> {
  if (changes.size === 0) return;
  const rows = [...changes].map(([challengeId, change]) =>
    change === 'all'
      ? { challenge_id: challengeId, reset: true, profile_ids: [] }
      : { challenge_id: challengeId, reset: false, profile_ids: change.profileIds, first_period: change.periods?.first, last_period: change.periods?.last },
  );
  await atomically(db, async (transaction) => {
    await transaction.query(
      `WITH c AS (
         SELECT * FROM json_to_recordset($1::json) AS c(challenge_id uuid, reset boolean, profile_ids uuid[], first_period int, last_period int)),
       bumped AS (
         UPDATE challenge ch SET leaderboard_version = ch.leaderboard_version + 1,
           leaderboard_reset_version = CASE WHEN c.reset THEN ch.leaderboard_version + 1 ELSE ch.leaderboard_reset_version END
         FROM c WHERE ch.id = c.challenge_id
         RETURNING ch.app_id, ch.id, ch.leaderboard_version, c.profile_ids, c.first_period, c.last_period)
       INSERT INTO leaderboard_change (app_id, challenge_id, version, profile_ids, first_period, last_period)
       SELECT b.app_id, b.id, b.leaderboard_version, b.profile_ids, b.first_period, b.last_period FROM bumped b`,
      [JSON.stringify(rows)],
    );
    markChallengesChanged(transaction, changes.keys());
  });
}
