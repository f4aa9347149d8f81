import {
  firedThresholdCount, firedThresholdsOf, MemberPeriodOutcome, MemberPeriodScore, MemberPeriodStanding, ScoreRepository,
} from '@strive/domain';
import { arrayLiteral, ArrayElement } from '../shared/array-literal';
import { changedMembers, Db, fromEpochMs, fromEpochMsOrNull, jsonRows, recordLeaderboardChanges, Row, wholeEpochMs, wholeEpochMsOf } from '../shared/db';
import { CountedRanges, denseRange } from './dense-range';

/** The period totals a member's row of challenge_member sums up (see saveMany). */
export const TOTALS = ['total_distance', 'total_steps', 'total_calories', 'total_duration_seconds', 'total_points'] as const;

/** The columns of a score (but app_id) with their SQL types, in the order saveMany writes them. */
const SCORE_COLUMN_TYPES = {
  challenge_id: 'uuid', profile_id: 'uuid', team_id: 'uuid', period_index: 'int', period_start: 'timestamptz', period_end: 'timestamptz',
  progress: 'double precision', goal_reached: 'boolean', goal_reached_at: 'timestamptz', reached_at: 'timestamptz', current_run: 'int',
  best_run: 'int', best_run_at: 'timestamptz', reached_count: 'int', reached_count_at: 'timestamptz', fired_threshold_count: 'smallint',
  ...Object.fromEntries(TOTALS.map((c) => [c, 'double precision'])),
  updated_at: 'timestamptz',
} as const;
const SCORE_COLUMN_NAMES = Object.keys(SCORE_COLUMN_TYPES) as (keyof typeof SCORE_COLUMN_TYPES)[];
const isInstant = (column: keyof typeof SCORE_COLUMN_TYPES) => SCORE_COLUMN_TYPES[column] === 'timestamptz';
const SCORE_COLUMNS = SCORE_COLUMN_NAMES.join(', ');

/** The values toScore reads, read with jsonRows (in SCORE_COLUMN_NAMES order): its instants as epoch milliseconds (seven a row). */
export const SCORE_READ: readonly string[] = SCORE_COLUMN_NAMES.map((c) => (isInstant(c) ? wholeEpochMsOf(c) : c));

/** How a column travels to saveMany's statement: instants as epoch milliseconds. */
const paramTypeOf = (column: keyof typeof SCORE_COLUMN_TYPES) => (isInstant(column) ? 'double precision' : SCORE_COLUMN_TYPES[column]);

/** The columns saveMany sends per row: a row names its (challenge, profile) pair by its place in the pairs' arrays. */
const ROW_COLUMNS = SCORE_COLUMN_NAMES.filter((c) => c !== 'challenge_id' && c !== 'profile_id');

/**
 * The (challenge, profile) pairs of saveMany's rows, with the range of periods each writes
 * ($1: challenge, $2: profile, $3 and $4: first and last period; `ix` is a pair's place, from 1),
 * those whose challenge and profile still exist, with their app (the table has no foreign keys:
 * once per pair instead of a check per row, which was 60 % of the upsert). The challenges are
 * locked as a foreign key's check would lock them (each once; FOR KEY SHARE: a deletion waits
 * for this transaction, or has committed and the pair is skipped). The profiles are not: every
 * writer of a profile's scores holds its turn (profileTurn), and so does its deletion, which then
 * either came first (the profile is not found here) or deletes these rows after the commit.
 * Locking the profile rows too wrote each one (1.9 s of a 100,000-member day's rescoring). Each
 * profile is found by its key (LATERAL ... OFFSET 0): as a join, the planner hashed the whole
 * profile table for 1,000 ids.
 */
const PAIRS = `locked AS (SELECT app_id, id FROM challenge WHERE id = ANY($1::uuid[]) FOR KEY SHARE),
       pair AS MATERIALIZED (
         SELECT x.ix, l.app_id, l.id AS challenge_id, p.id AS profile_id, x.first_period, x.last_period
         FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[]) WITH ORDINALITY AS x(challenge_id, profile_id, first_period, last_period, ix)
         JOIN locked l ON l.id = x.challenge_id
         CROSS JOIN LATERAL (SELECT p.id FROM profile p WHERE p.app_id = l.app_id AND p.id = x.profile_id OFFSET 0) p)`;

/**
 * The rows saveMany sends, one array parameter per column ($5 onwards, unnested side by side, each
 * `unnest` a set-returning function of the select list: they run in step, element by element; in
 * FROM, `unnest(a, b, ...)` puts each array's elements in a tuplestore of its own first, and the
 * upsert of a first scoring's 6,700 rows took 180 ms so against 155 ms; docs/benchmarks.md
 * "Thirty-first session"):
 * against one json document of row objects, 1,000 rows are 2.6x fewer bytes and the upsert takes
 * 5-7 % less time (docs/decisions.md, "The score upsert takes one array parameter per column").
 * Instants travel as epoch milliseconds (the server parsed timestamp text at about 1.5 us an
 * instant), a row's challenge and profile as its pair's place (a uuid array of 10,000 rows took
 * the server 5-8 ms to read, an int array about 1 ms). Rows of a pair that is gone are dropped.
 */
const SCORE_ROWS = `SELECT o.ix, o.app_id, o.challenge_id, o.profile_id, ${ROW_COLUMNS.map((c) =>
  isInstant(c) ? `to_timestamp(r.${c} / 1000) AS ${c}` : `r.${c}`,
).join(', ')}
  FROM (SELECT unnest($5::int[]) AS pair, ${ROW_COLUMNS.map((c, i) => `unnest($${i + 6}::${paramTypeOf(c)}[]) AS ${c}`).join(', ')}) AS r
  JOIN pair o ON o.ix = r.pair`;

/** Where saveMany's parameters of the ranges read (see STORED) begin: after the pairs' four and the rows' arrays. */
const RANGE_PARAMS = 6 + ROW_COLUMNS.length;

/**
 * The stored rows of the pairs' periods, with their row ids: the rows are told new or stored,
 * and the stored ones updated, without probing the key for every row again (the comparison's join
 * probed each row, the update each stored one again: a first scoring's upsert of 10,000 rows took
 * 210 ms then, 169 ms so; docs/decisions.md). A rescoring batch's rows are read by its members' id
 * range, a scan per period (denseRange: the ranges' challenges, first and last ids and periods are
 * the parameters from RANGE_PARAMS on), other pairs' by a primary-key probe per period. Rows of
 * other members in a range find no row to compare with and are left alone.
 */
const STORED = `SELECT t.* FROM unnest(${[0, 1, 2, 3, 4].map((i) => `$${RANGE_PARAMS + i}::${i < 3 ? 'uuid' : 'int'}[]`).join(', ')})
           AS d(challenge_id, first_id, last_id, first_period, last_period)
         JOIN locked l ON l.id = d.challenge_id
         CROSS JOIN LATERAL generate_series(d.first_period, d.last_period) AS p(i)
         CROSS JOIN LATERAL (
           SELECT t.ctid AS row_id, t.* FROM member_period_score t
           WHERE t.app_id = l.app_id AND t.challenge_id = l.id AND t.period_index = p.i AND t.profile_id BETWEEN d.first_id AND d.last_id
           OFFSET 0) t
       UNION ALL
       SELECT t.* FROM pair o CROSS JOIN LATERAL generate_series(o.first_period, o.last_period) AS p(i)
         CROSS JOIN LATERAL (
           SELECT t.ctid AS row_id, t.* FROM member_period_score t
           WHERE t.app_id = o.app_id AND t.challenge_id = o.challenge_id AND t.period_index = p.i AND t.profile_id = o.profile_id OFFSET 0) t
         WHERE o.challenge_id <> ALL($${RANGE_PARAMS}::uuid[])`;

interface ScorePair {
  readonly challengeId: string;
  readonly profileId: string;
  firstPeriod: number;
  lastPeriod: number;
}

/** The (challenge, profile) pairs of the scores in order of appearance, and each score's pair by its place (from 1). */
function pairsOf(scores: readonly MemberPeriodScore[]): { pairs: ScorePair[]; pairOfRow: number[] } {
  const places = new Map<string, number>();
  const pairs: ScorePair[] = [];
  const pairOfRow = scores.map((score) => {
    // A member's periods come one after the other: most rows are of the row before's pair (no key built).
    const latest = pairs[pairs.length - 1];
    let place = latest?.challengeId === score.challengeId && latest.profileId === score.profileId ? pairs.length : undefined;
    if (place === undefined) {
      const key = `${score.challengeId} ${score.profileId}`;
      place = places.get(key);
      if (place === undefined) {
        pairs.push({ challengeId: score.challengeId, profileId: score.profileId, firstPeriod: score.periodIndex, lastPeriod: score.periodIndex });
        places.set(key, pairs.length);
        return pairs.length;
      }
    }
    const pair = pairs[place - 1];
    pair.firstPeriod = Math.min(pair.firstPeriod, score.periodIndex);
    pair.lastPeriod = Math.max(pair.lastPeriod, score.periodIndex);
    return place;
  });
  return { pairs, pairOfRow };
}

/** The challenges of saveMany's pairs whose stored rows STORED reads by id range (denseRange), with the range and periods. */
async function rangesRead(db: Db, pairs: readonly ScorePair[], counted?: CountedRanges) {
  const byChallenge = new Map<string, ScorePair[]>();
  for (const pair of pairs) {
    const members = byChallenge.get(pair.challengeId);
    if (members) members.push(pair);
    else byChallenge.set(pair.challengeId, [pair]);
  }
  const ranges = [];
  for (const [challengeId, members] of byChallenge) {
    const range = await denseRange(db, challengeId, members.map((m) => m.profileId), counted);
    if (range) {
      ranges.push({
        challengeId, firstId: range.first, lastId: range.last,
        firstPeriod: Math.min(...members.map((m) => m.firstPeriod)), lastPeriod: Math.max(...members.map((m) => m.lastPeriod)),
      });
    }
  }
  return ranges;
}

/** Each column's value of a score, as SCORE_ROWS reads it. */
const SCORE_VALUES: Record<string, (s: MemberPeriodScore) => ArrayElement> = {
  team_id: (s) => s.teamId,
  period_index: (s) => s.periodIndex,
  period_start: (s) => s.periodStart.getTime(),
  period_end: (s) => s.periodEnd.getTime(),
  progress: (s) => s.progress,
  goal_reached: (s) => s.goalReached,
  goal_reached_at: (s) => s.goalReachedAt?.getTime() ?? null,
  reached_at: (s) => s.reachedAt?.getTime() ?? null,
  current_run: (s) => s.repetition.currentRun,
  best_run: (s) => s.repetition.bestRun,
  best_run_at: (s) => s.repetition.bestRunAt?.getTime() ?? null,
  reached_count: (s) => s.repetition.reachedCount,
  reached_count_at: (s) => s.repetition.reachedCountAt?.getTime() ?? null,
  fired_threshold_count: (s) => firedThresholdCount(s.firedThresholds),
  total_distance: (s) => s.totals.distance,
  total_steps: (s) => s.totals.steps,
  total_calories: (s) => s.totals.calories,
  total_duration_seconds: (s) => s.totals.durationSeconds,
  total_points: (s) => s.totals.points,
  updated_at: (s) => s.updatedAt.getTime(),
};

/**
 * How far a row moves its member's total `column` (saveMany): the exact decimal difference of the
 * new row's value and the stored one's (none for a new row). A float-to-numeric conversion formats
 * the double as text first (glibc's printf: two and a subtraction took about 2 us, the bigint way
 * 0.2 us), so it is avoided where the same decimal comes cheaper:
 * - the value is the same: 0 (a rule change moves no total, one more day few rows' points, a first
 *   scoring's empty periods nothing);
 * - both are whole numbers below 10^15 (steps always; distance and calories often): their
 *   difference is exact as a double and as a bigint, and equals the difference of their decimals
 *   (a conversion keeps 15 significant digits: every such whole number exactly).
 * docs/benchmarks.md "Twenty-second session" and "Twenty-third session".
 */
const MOVED = (column: string) => {
  const [now, was] = [`s.${column}`, `coalesce(t.${column}, 0)`];
  const whole = (x: string) => `${x} = trunc(${x}) AND abs(${x}) < 1e15::float8`;
  return `CASE WHEN ${now} = ${was} THEN 0 WHEN ${whole(now)} AND ${whole(was)} THEN (${now} - ${was})::bigint::numeric
    ELSE ${now}::numeric - ${was}::numeric END`;
};

/** What a rescore can change in a stored row (all but its key and updated_at). */
const SCORED = [
  'team_id', 'period_start', 'period_end', 'progress', 'goal_reached', 'goal_reached_at', 'reached_at', 'current_run', 'best_run',
  'best_run_at', 'reached_count', 'reached_count_at', 'fired_threshold_count', ...TOTALS,
] as const;

/** A score read with SCORE_READ. */
export function toScore(values: readonly unknown[]): MemberPeriodScore {
  const [
    challengeId, profileId, teamId, periodIndex, periodStart, periodEnd, progress, goalReached, goalReachedAt, reachedAt, currentRun,
    bestRun, bestRunAt, reachedCount, reachedCountAt, firedCount, distance, steps, calories, durationSeconds, points, updatedAt,
  ] = values;
  return {
    challengeId: challengeId as string,
    profileId: profileId as string,
    teamId: (teamId as string | null) ?? null,
    periodIndex: Number(periodIndex),
    periodStart: fromEpochMs(periodStart),
    periodEnd: fromEpochMs(periodEnd),
    progress: Number(progress),
    goalReached: goalReached as boolean,
    goalReachedAt: fromEpochMsOrNull(goalReachedAt),
    reachedAt: fromEpochMsOrNull(reachedAt),
    repetition: {
      currentRun: Number(currentRun),
      bestRun: Number(bestRun),
      bestRunAt: fromEpochMsOrNull(bestRunAt),
      reachedCount: Number(reachedCount),
      reachedCountAt: fromEpochMsOrNull(reachedCountAt),
    },
    firedThresholds: firedThresholdsOf(Number(firedCount)),
    totals: {
      distance: Number(distance),
      steps: Number(steps),
      calories: Number(calories),
      durationSeconds: Number(durationSeconds),
      points: Number(points),
    },
    updatedAt: fromEpochMs(updatedAt),
  };
}

/** The app of challenge $1, for the primary key's first column (the caller names the challenge only). */
const APP_OF_CHALLENGE = '(SELECT app_id FROM challenge WHERE id = $1)';

/**
 * Every stored row, with its row id (row_id), of one member of a challenge of an app (`app`,
 * `challenge` and `profile` are SQL expressions), for a FROM or a LATERAL. The primary key is
 * ordered by period, then member: the member's rows are found with a probe per period up to the
 * challenge's last stored one (found at the end of the challenge's keys), not by filtering the
 * challenge's rows (every row of a 100,000-member challenge for each member).
 */
export const memberRows = (app: string, challenge: string, profile: string) =>
  `generate_series(0, (SELECT max(period_index) FROM member_period_score WHERE app_id = ${app} AND challenge_id = ${challenge})) AS p(i)
   CROSS JOIN LATERAL (SELECT t.ctid AS row_id, t.* FROM member_period_score t
     WHERE t.app_id = ${app} AND t.challenge_id = ${challenge} AND t.period_index = p.i AND t.profile_id = ${profile} OFFSET 0) t`;

/** The score column of an INDIVIDUAL board's entry and the instant it was reached, per repetition rule (findMemberStandings). */
const STANDING_COLUMNS = {
  STREAK: ['best_run', 'best_run_at'],
  'STICK TO IT': ['reached_count', 'reached_count_at'],
  NONE: ['progress', 'reached_at'],
} as const;

/** What a leaderboard reads of a score (findOutcomesForChallenge). */
const OUTCOME_COLUMNS = `profile_id, team_id, period_index, progress, goal_reached, ${wholeEpochMs('goal_reached_at')}, ${wholeEpochMs('reached_at')}`;

/** A write of at least this many rows (a rescoring batch; an upload writes a few hundred) looks at the table's statistics. */
const BULK_WRITE = 1_000;

/**
 * After a bulk write, analyzes member_period_score when its statistics describe far less than it
 * holds, as autovacuum would: when it has grown past twice the pages they describe (and by 1,000
 * pages), or when its live rows (PostgreSQL's running count of committed ones, plus this write's)
 * are past twice the rows they describe (and by 10,000). A first scoring on a database without
 * them (a new one, or one whose PostgreSQL runs without autovacuum) otherwise plans every batch as
 * if the table were tiny, and its reads and probes grew with every row written: a first
 * 100,000-member scoring took 347 s, 96 s with this (docs/benchmarks.md "Tenth session"). The
 * rows count for a table refilled in place: after a challenge's scores were deleted and VACUUM
 * left the emptied pages (and statistics of almost no rows), the next first scoring wrote into
 * those pages without growing the table, planned as if it were empty (a 100,000-member scoring
 * stalled at 290,000 rows after 4 minutes, its upserts 18-27 s each; docs/benchmarks.md
 * "Fifteenth session"). ANALYZE samples the table (rows of this transaction included) and runs
 * inside it; the challenge row this write locked (recordLeaderboardChanges) keeps another batch of
 * the challenge from analyzing too.
 */
async function keepStatistics(db: Db, written: number): Promise<void> {
  const [table]: Row[] = await db.query(
    `SELECT pg_relation_size(c.oid) / current_setting('block_size')::int AS pages, c.relpages, greatest(c.reltuples, 0) AS rows,
       coalesce(s.n_live_tup, 0) AS live
     FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = 'member_period_score'::regclass`,
  );
  const grown = Number(table.pages) > 2 * Number(table.relpages) + 1_000;
  const refilled = Number(table.live) + written > 2 * Number(table.rows) + 10_000;
  if (grown || refilled) await db.query('ANALYZE member_period_score');
}

/** member_period_score; app_id is taken from the challenge row (see PAIRS). */
export class TypeOrmScoreRepository implements ScoreRepository {
  /** `counted`: the dense ranges its transaction counted (TypeOrmUnitOfWork shares them with the batch reader). */
  constructor(
    private readonly db: Db,
    private readonly counted?: CountedRanges,
  ) {}

  async findForMember(challengeId: string, profileId: string, periodIndexes?: readonly number[]): Promise<MemberPeriodScore[]> {
    const rows = await jsonRows(
      this.db,
      SCORE_READ,
      periodIndexes
        ? `FROM member_period_score WHERE app_id = ${APP_OF_CHALLENGE} AND challenge_id = $1 AND period_index = ANY($3::int[]) AND profile_id = $2`
        : `FROM ${memberRows(APP_OF_CHALLENGE, '$1::uuid', '$2::uuid')}`,
      periodIndexes ? [challengeId, profileId, [...periodIndexes]] : [challengeId, profileId],
      'period_index',
    );
    return rows.map(toScore);
  }

  /**
   * Leaderboards rank every member: only the outcome columns (instants as epoch milliseconds), so
   * 100,000 rows stay a few MB.
   */
  async findOutcomesForChallenge(challengeId: string, fromIndex: number, toIndex: number): Promise<MemberPeriodOutcome[]> {
    const rows: Row[] = await this.db.query(
      `SELECT ${OUTCOME_COLUMNS} FROM member_period_score WHERE app_id = ${APP_OF_CHALLENGE} AND challenge_id = $1 AND period_index BETWEEN $2 AND $3`,
      [challengeId, fromIndex, toIndex],
    );
    return rows.map((row) => ({
      profileId: row.profile_id as string,
      teamId: (row.team_id as string | null) ?? null,
      periodIndex: Number(row.period_index),
      progress: Number(row.progress),
      goalReached: row.goal_reached as boolean,
      goalReachedAt: fromEpochMsOrNull(row.goal_reached_at),
      reachedAt: fromEpochMsOrNull(row.reached_at),
    }));
  }

  /**
   * An INDIVIDUAL board: the members (challenge_member) with their stored scores of the period
   * (member_period_score, whose key orders a period's rows by member), joined here: a member
   * without a score of the period comes with nulls. Only the columns an entry needs. Every member:
   * the two keys' ranges of the challenge, hashed. Named members (a patch): each found by the two
   * keys (LATERAL ... OFFSET 0); as a join with `profile_id = ANY(...)` the planner scanned every
   * member of the table (1,000 named: 62-109 ms against 17-58).
   */
  async findMemberStandings(
    challengeId: string,
    periodIndex: number,
    repetition: 'STREAK' | 'STICK TO IT' | null,
    profileIds?: readonly string[],
  ): Promise<MemberPeriodStanding[]> {
    const [score, at] = STANDING_COLUMNS[repetition ?? 'NONE'];
    const columns = `m.profile_id, m.team_id, s.progress, s.goal_reached, s.${score} AS score, ${wholeEpochMsOf(`s.${at}`)} AS score_at`;
    const rows: Row[] = await this.db.query(
      profileIds
        ? `SELECT ${columns} FROM unnest($3::uuid[]) AS x(profile_id)
           CROSS JOIN LATERAL (SELECT profile_id, team_id FROM challenge_member
             WHERE app_id = ${APP_OF_CHALLENGE} AND challenge_id = $1 AND profile_id = x.profile_id OFFSET 0) m
           LEFT JOIN LATERAL (SELECT * FROM member_period_score
             WHERE app_id = ${APP_OF_CHALLENGE} AND challenge_id = $1 AND period_index = $2 AND profile_id = x.profile_id OFFSET 0) s ON true`
        : `SELECT ${columns} FROM challenge_member m
           LEFT JOIN member_period_score s ON s.app_id = m.app_id AND s.challenge_id = m.challenge_id AND s.period_index = $2 AND s.profile_id = m.profile_id
           WHERE m.app_id = ${APP_OF_CHALLENGE} AND m.challenge_id = $1`,
      [challengeId, periodIndex, ...(profileIds ? [[...new Set(profileIds)]] : [])],
    );
    return rows.map((row) => ({
      profileId: row.profile_id as string,
      teamId: (row.team_id as string | null) ?? null,
      progress: Number(row.progress ?? 0),
      goalReached: row.goal_reached === true,
      score: Number(row.score ?? 0),
      scoreAt: fromEpochMsOrNull(row.score_at),
    }));
  }

  async saveMany(scores: readonly MemberPeriodScore[]): Promise<void> {
    if (scores.length === 0) return;
    // The upsert, and in the same statement the members' totals (challenge_member.total_*) moved by
    // what it changed: its new rows' totals less the rows they replace (members whose totals stay
    // are not rewritten). Exact decimals, so the sums stay what a fresh sum of the stored rows
    // gives. Every writer of a member's scores holds the member's turn, so no other write of these
    // rows runs in between: the stored rows read (STORED) tell new rows (a plain INSERT, without
    // ON CONFLICT's speculative insertion: 19 % less time for 10,000 new rows) from stored ones (an
    // UPDATE by row id). A row the rescore computed as it was stored is left out (a rule change or
    // a resent day leaves most rows as they were); its updated_at stays when it last changed. New
    // rows go in by period: a batch's members then share pages per period, and a later rescore of
    // a few periods (one more day) reads and rewrites tens of pages a batch, not a page per member.
    const { pairs, pairOfRow } = pairsOf(scores);
    const ranges = await rangesRead(this.db, pairs, this.counted);
    await this.db.query(
      `WITH ${PAIRS}, s AS (
         ${SCORE_ROWS}
       ), stored AS MATERIALIZED (
         ${STORED}
       ), changed AS (
         SELECT s.*, t.row_id, ${TOTALS.map((c) => `${MOVED(c)} AS moved_${c}`).join(', ')}
         FROM s LEFT JOIN stored t ON t.challenge_id = s.challenge_id AND t.profile_id = s.profile_id AND t.period_index = s.period_index
         WHERE t.row_id IS NULL OR (${SCORED.map((c) => `t.${c}`).join(', ')}) IS DISTINCT FROM (${SCORED.map((c) => `s.${c}`).join(', ')})
       ), inserted AS (
         INSERT INTO member_period_score (app_id, ${SCORE_COLUMNS})
         SELECT app_id, ${SCORE_COLUMNS} FROM changed WHERE row_id IS NULL ORDER BY period_index
       ), updated AS (
         UPDATE member_period_score t SET ${SCORED.map((c) => `${c} = c.${c}`).join(', ')}, updated_at = c.updated_at
         FROM changed c WHERE c.row_id IS NOT NULL AND t.ctid = c.row_id
       ), moved AS (
         SELECT app_id, challenge_id, profile_id, ${TOTALS.map((c) => `sum(moved_${c}) AS ${c}`).join(', ')}
         FROM (SELECT * FROM changed ORDER BY ix, app_id, challenge_id, profile_id) c GROUP BY ix, app_id, challenge_id, profile_id
         HAVING ${TOTALS.map((c) => `sum(moved_${c}) <> 0`).join(' OR ')}
       )
       UPDATE challenge_member m SET ${TOTALS.map((c) => `${c} = m.${c} + moved.${c}`).join(', ')}
       FROM moved WHERE m.app_id = moved.app_id AND m.challenge_id = moved.challenge_id AND m.profile_id = moved.profile_id`,
      [
        arrayLiteral(pairs.map((p) => p.challengeId)),
        arrayLiteral(pairs.map((p) => p.profileId)),
        arrayLiteral(pairs.map((p) => p.firstPeriod)),
        arrayLiteral(pairs.map((p) => p.lastPeriod)),
        arrayLiteral(pairOfRow),
        ...ROW_COLUMNS.map((column) => arrayLiteral(scores.map(SCORE_VALUES[column]))),
        ...(['challengeId', 'firstId', 'lastId', 'firstPeriod', 'lastPeriod'] as const).map((key) => arrayLiteral(ranges.map((r) => r[key]))),
      ],
    );
    await recordLeaderboardChanges(this.db, changedMembers(pairs));
    if (scores.length >= BULK_WRITE) await keepStatistics(this.db, scores.length);
  }

  async deleteForChallenge(challengeId: string): Promise<void> {
    await this.db.query(`DELETE FROM member_period_score WHERE app_id = ${APP_OF_CHALLENGE} AND challenge_id = $1`, [challengeId]);
    await this.db.query(`UPDATE challenge_member SET ${TOTALS.map((c) => `${c} = 0`).join(', ')} WHERE challenge_id = $1`, [challengeId]);
    await recordLeaderboardChanges(this.db, new Map([[challengeId, 'all']]));
  }
}
