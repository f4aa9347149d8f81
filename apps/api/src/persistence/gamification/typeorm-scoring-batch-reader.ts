import {
  ActivityRepository, Challenge, DailySummary, DeduplicatedActivityHistory, EnrolledChallenge, MemberPeriodScore, PointsEvent,
  ProfileScoringBatch, ProfileScoringRequest, RawActivity, RecordDateRange, RecordTimeRange, ScoringBatch, ScoringBatchReader, ScoringSpan,
  storedPeriodsRead, StoredScores, Workout, WORKOUT_LOOK_BEHIND_MS,
} from '@strive/domain';
import { DAILY_SUMMARY_COLUMNS, dailySummaryRow, WORKOUT_COLUMNS, workoutRow } from '../records/typeorm-activity.repository';
import { toPointsEvent } from '../points/typeorm-points.repository';
import { arrayLiteral } from '../shared/array-literal';
import { Db, jsonRowGroups, jsonRows, Row } from '../shared/db';
import { CHALLENGE_COLUMNS, challengeOfRow } from './typeorm-challenge.repository';
import { toMember } from './typeorm-membership.repository';
import { CountedRanges, denseRange, IdRange } from './dense-range';
import { SCORE_READ, toScore } from './typeorm-score.repository';

/** The items of a member's list that pass `keep` (none when the batch read none). */
const within = <T>(items: readonly T[] | undefined, keep: (item: T) => boolean): T[] => (items === undefined ? [] : items.filter(keep));

const group = <T extends { profileId: string }>(items: T[]): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(item.profileId);
    if (list) list.push(item);
    else map.set(item.profileId, [item]);
  }
  return map;
};

/**
 * How a batch's bulk reads are cut into json documents (jsonRowGroups): by the last byte of the
 * member's id (random), into at most 64 parts of a few members each. One document for the whole
 * batch was a multi-MB message for the driver to gather; one per member cost a row and a parse
 * per member's one row when a batch rescored a day (more JavaScript than the single document).
 */
const MEMBER_BUCKETS = 'get_byte(uuid_send(profile_id), 15) % 64';

/**
 * The batch reader of whole-challenge rescoring: the raw records, events and stored scores of a
 * batch of members, read with one query per kind (a few queries a batch instead of several per
 * member), served through the domain's DeduplicatedActivityHistory. Reads the data platform's
 * health_record rows with the same field mapping as its ActivityRepository adapter.
 */
export class TypeOrmScoringBatchReader implements ScoringBatchReader {
  /** `counted`: where the dense ranges it counts are kept for its transaction's score writes. */
  constructor(
    private readonly db: Db,
    private readonly counted?: CountedRanges,
  ) {}

  async read(challenge: Challenge, profileIds: readonly string[], span: ScoringSpan): Promise<ScoringBatch> {
    const stored = storedPeriodsRead(challenge, span.firstIndex, span.lastIndex);
    const range = await denseRange(this.db, challenge.id, profileIds, this.counted);
    const [activity, scores] = await Promise.all([
      PrefetchedActivity.load(this.db, challenge.appId, profileIds, range?.ofApp ? range : null, span, { workouts: challenge.dataSource === 'workout' }),
      PrefetchedScores.load(this.db, challenge.appId, challenge.id, profileIds, range, stored.firstIndex, stored.lastIndex),
    ]);
    return { history: new DeduplicatedActivityHistory(activity), scores };
  }

  async enrolledChallenges(appId: string, profileId: string): Promise<EnrolledChallenge[]> {
    const rows: Row[] = await this.db.query(
      `SELECT ${CHALLENGE_COLUMNS('c.')}, m.challenge_id, m.profile_id, m.team_id, m.joined_at, m.inactive_intervals
       FROM challenge_member m JOIN challenge c ON c.app_id = m.app_id AND c.id = m.challenge_id
       WHERE m.app_id = $1 AND m.profile_id = $2
       ORDER BY c.start, c.id`,
      [appId, profileId],
    );
    return rows.map((row) => ({
      challenge: challengeOfRow(row),
      member: toMember(row),
    }));
  }

  async readProfile(appId: string, profileId: string, request: ProfileScoringRequest): Promise<ProfileScoringBatch> {
    const activity = await PrefetchedActivity.loadProfile(this.db, appId, profileId, request);
    const scores = await PrefetchedScores.loadProfile(this.db, appId, profileId, request.scores);
    return { history: new DeduplicatedActivityHistory(activity), scores, records: activity };
  }
}

/**
 * The raw records and events of a batch of members, in memory (RawActivity); also served as the
 * per-profile repository of the records the live path counts points from (ProfileScoringBatch.records).
 */
class PrefetchedActivity implements RawActivity, Pick<ActivityRepository, 'listDailySummaries' | 'listWorkouts'> {
  private constructor(
    private readonly summariesOf: Map<string, DailySummary[]>,
    private readonly workoutsOf: Map<string, Workout[]>,
    private readonly eventsOf: Map<string, PointsEvent[]>,
  ) {}

  static async load(
    db: Db,
    appId: string,
    profileIds: readonly string[],
    range: IdRange | null,
    span: ScoringSpan,
    kinds: { workouts: boolean },
  ): Promise<PrefetchedActivity> {
    const ids = arrayLiteral(profileIds);
    // A daily summary is filed at 00:00 UTC of its date (HealthUpload places it so), not the
    // session's time zone's midnight. subtype '' as the per-profile reads (only measurements have
    // another): with it the page index (app_id, profile_id, type, subtype, time) bounds the time
    // too, not only the profile's type. A batch of neighbouring ids (denseRange, dense among the
    // app's profiles) reads each date's summaries of its id range from the daily index (app_id,
    // time, profile_id): a member by member probe of the page index read a leaf of every member,
    // the whole index for one more day.
    const days = kinds.workouts
      ? []
      : await jsonRowGroups(
          db,
          DAILY_SUMMARY_COLUMNS,
          range
            ? `FROM generate_series($3::timestamp, $4::timestamp, interval '1 day') AS d(day) CROSS JOIN LATERAL (
                 SELECT * FROM health_record WHERE app_id = $1 AND type = 'daily_summary' AND subtype = '' AND time = d.day AT TIME ZONE 'UTC'
                   AND profile_id BETWEEN $2 AND $5 OFFSET 0) h`
            : `FROM health_record
               WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND type = 'daily_summary' AND subtype = '' AND time >= $3 AND time <= $4`,
          range
            ? [appId, range.first, `${span.firstDate}T00:00:00`, `${span.lastDate}T00:00:00`, range.last]
            : [appId, ids, new Date(`${span.firstDate}T00:00:00Z`), new Date(`${span.lastDate}T00:00:00Z`)],
          MEMBER_BUCKETS,
        );
    const sessions = kinds.workouts
      ? await jsonRowGroups(
          db,
          WORKOUT_COLUMNS,
          `FROM health_record
           WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND type = 'workout' AND subtype = '' AND time >= $3 AND time < $4`,
          [appId, ids, new Date(span.from.getTime() - WORKOUT_LOOK_BEHIND_MS), span.to],
          MEMBER_BUCKETS,
        )
      : [];
    const events: Parameters<typeof toPointsEvent>[0][] = await db.query(
      `SELECT id, profile_id, name, points, timestamp, activity_type, reference FROM points_event
       WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND timestamp >= $3 AND timestamp < $4`,
      [appId, ids, span.from, span.to],
    );
    return new PrefetchedActivity(
      group(days.map((row) => dailySummaryRow(row))),
      group(sessions.map((row) => workoutRow(row))),
      group(events.map(toPointsEvent)),
    );
  }

  /**
   * One profile's records and events that a request names, with the ranges and order of the
   * per-profile ActivityRepository (subtype '', both bounds included, by time, source, external id).
   */
  static async loadProfile(db: Db, appId: string, profileId: string, request: ProfileScoringRequest): Promise<PrefetchedActivity> {
    const read = (type: string, columns: readonly string[], from: Date, to: Date): Promise<unknown[][]> =>
      jsonRows(
        db,
        columns,
        `FROM health_record WHERE app_id = $1 AND profile_id = $2 AND type = $3 AND subtype = '' AND time >= $4 AND time <= $5`,
        [appId, profileId, type, from, to],
        'time, source, external_id',
      );
    const days = request.dates
      ? await read('daily_summary', DAILY_SUMMARY_COLUMNS, new Date(`${request.dates.first}T00:00:00Z`), new Date(`${request.dates.last}T00:00:00Z`))
      : [];
    const sessions = request.workouts
      ? await read('workout', WORKOUT_COLUMNS, new Date(request.workouts.from.getTime() - WORKOUT_LOOK_BEHIND_MS), request.workouts.to)
      : [];
    const events: Parameters<typeof toPointsEvent>[0][] = await db.query(
      `SELECT id, profile_id, name, points, timestamp, activity_type, reference FROM points_event
       WHERE app_id = $1 AND profile_id = $2 AND timestamp >= $3 AND timestamp <= $4 ORDER BY timestamp, id`,
      [appId, profileId, request.events.from, request.events.to],
    );
    const one = <T>(items: T[]) => new Map(items.length > 0 ? [[profileId, items]] : []);
    return new PrefetchedActivity(
      one(days.map((row) => dailySummaryRow(row, profileId))),
      one(sessions.map((row) => workoutRow(row, profileId))),
      one(events.map(toPointsEvent)),
    );
  }

  dailySummaries(profileId: string, firstDate: string, lastDate: string): DailySummary[] {
    return within(this.summariesOf.get(profileId), (s) => s.date >= firstDate && s.date <= lastDate);
  }

  workouts(profileId: string, from: Date, to: Date): Workout[] {
    return within(this.workoutsOf.get(profileId), (w) => w.start >= from && w.start <= to);
  }

  events(profileId: string, from: Date, to: Date): PointsEvent[] {
    return within(this.eventsOf.get(profileId), (e) => e.timestamp >= from && e.timestamp <= to);
  }

  async listDailySummaries(profileId: string, range: RecordDateRange = {}): Promise<DailySummary[]> {
    return within(
      this.summariesOf.get(profileId),
      (s) => (range.fromDate === undefined || s.date >= range.fromDate) && (range.toDate === undefined || s.date <= range.toDate),
    );
  }

  async listWorkouts(profileId: string, range: RecordTimeRange = {}): Promise<Workout[]> {
    return within(this.workoutsOf.get(profileId), (w) => (range.from === undefined || w.start >= range.from) && (range.to === undefined || w.start <= range.to));
  }
}

/** Stored scores of a batch of members of a challenge, or of one profile in several challenges, read at once. */
class PrefetchedScores implements StoredScores {
  private constructor(private readonly byMember: Map<string, MemberPeriodScore[]>) {}

  private static of(rows: unknown[][]): PrefetchedScores {
    const byMember = new Map<string, MemberPeriodScore[]>();
    for (const score of rows.map(toScore)) {
      const key = `${score.challengeId} ${score.profileId}`;
      const list = byMember.get(key);
      if (list) list.push(score);
      else byMember.set(key, [score]);
    }
    // By period, once (the rows come in no particular order); findForMember keeps that order.
    for (const list of byMember.values()) if (list.length > 1) list.sort((a, b) => a.periodIndex - b.periodIndex);
    return new PrefetchedScores(byMember);
  }

  /**
   * The primary key (app_id, challenge_id, period_index, profile_id) serves the read: a scan of the
   * members' id range per period when they are most of the challenge's members in it (a batch of
   * neighbouring ids, denseRange), else a probe per period and member (period by period: with a
   * range on period_index, each member's probe would scan every member's rows of the range; with the
   * periods as an array beside the members', PostgreSQL 15 probed many times slower).
   */
  static async load(
    db: Db,
    appId: string,
    challengeId: string,
    profileIds: readonly string[],
    range: IdRange | null,
    first: number,
    last: number,
  ): Promise<PrefetchedScores> {
    return PrefetchedScores.of(await jsonRowGroups(
      db,
      SCORE_READ,
      `FROM generate_series($4::int, $5::int) AS p(i) CROSS JOIN LATERAL (
         SELECT * FROM member_period_score WHERE app_id = $1 AND challenge_id = $2 AND period_index = p.i
           AND ${range ? 'profile_id BETWEEN $3 AND $6' : 'profile_id = ANY($3::uuid[])'} OFFSET 0) t`,
      [appId, challengeId, range ? range.first : arrayLiteral(profileIds), first, last, ...(range ? [range.last] : [])],
      MEMBER_BUCKETS,
    ));
  }

  /**
   * One profile's stored scores of several challenges' periods: a primary-key probe per challenge
   * and period. OFFSET 0 keeps each probe as written: as a plain join the planner once matched
   * fewer of the key's columns and walked every score of the app on each upload.
   */
  static async loadProfile(db: Db, appId: string, profileId: string, ranges: ProfileScoringRequest['scores']): Promise<PrefetchedScores> {
    if (ranges.length === 0) return new PrefetchedScores(new Map());
    return PrefetchedScores.of(await jsonRows(
      db,
      SCORE_READ,
      `FROM unnest($3::uuid[], $4::int[], $5::int[]) AS r(cid, first_index, last_index)
       CROSS JOIN LATERAL generate_series(r.first_index, r.last_index) AS p(i)
       CROSS JOIN LATERAL (
         SELECT * FROM member_period_score s
         WHERE s.app_id = $1 AND s.challenge_id = r.cid AND s.period_index = p.i AND s.profile_id = $2 OFFSET 0) s`,
      [appId, profileId, ranges.map((r) => r.challengeId), ranges.map((r) => r.firstIndex), ranges.map((r) => r.lastIndex)],
    ));
  }

  findForMember(challengeId: string, profileId: string, firstIndex = 0, lastIndex = Infinity): MemberPeriodScore[] {
    return within(this.byMember.get(`${challengeId} ${profileId}`), (s) => s.periodIndex >= firstIndex && s.periodIndex <= lastIndex);
  }
}
