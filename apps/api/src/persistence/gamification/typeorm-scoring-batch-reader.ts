import {
  ActivityRepository, Challenge, DailySummary, dailySummaryOf, DeduplicatedActivityHistory, MemberPeriodScore, PointsEvent,
  PointsEventRepository, RecordDateRange, RecordTimeRange, ScoreRepository, ScoringBatch, ScoringBatchReader, ScoringSpan, Workout,
  WORKOUT_LOOK_BEHIND_MS, workoutOf,
} from '@strive/domain';
import { SCORED_FIELDS, scoredFields } from '../records/typeorm-activity.repository';
import { toPointsEvent } from '../points/typeorm-points.repository';
import { Db, Row } from '../shared/db';
import { SCORE_COLUMNS, toScore } from './typeorm-score.repository';

type RecordRow = Parameters<typeof scoredFields>[0] & { profile_id: string };

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
 * The batch reader of whole-challenge rescoring: the raw records, events and stored scores of a
 * batch of members, read with one query per kind (a few queries a batch instead of several per
 * member), served through the domain's DeduplicatedActivityHistory. Reads the data platform's
 * health_record rows with the same field mapping as its ActivityRepository adapter.
 */
export class TypeOrmScoringBatchReader implements ScoringBatchReader {
  constructor(private readonly db: Db) {}

  async read(challenge: Challenge, profileIds: readonly string[], span: ScoringSpan): Promise<ScoringBatch> {
    const [activity, scores] = await Promise.all([
      PrefetchedActivity.load(this.db, challenge.appId, profileIds, span, { workouts: challenge.dataSource === 'workout' }),
      // From the period before the span (its repetition state) to the last (later states are carried on).
      PrefetchedScores.load(this.db, challenge.id, profileIds, Math.max(0, span.firstIndex - 1)),
    ]);
    return { history: new DeduplicatedActivityHistory(activity, activity), scores };
  }
}

/** The raw records and events of a batch of members, served as the per-profile repositories. */
class PrefetchedActivity implements Pick<ActivityRepository, 'listDailySummaries' | 'listWorkouts'>, Pick<PointsEventRepository, 'listByProfile'> {
  private constructor(
    private readonly summaries: Map<string, DailySummary[]>,
    private readonly workouts: Map<string, Workout[]>,
    private readonly events: Map<string, PointsEvent[]>,
  ) {}

  static async load(db: Db, appId: string, profileIds: readonly string[], span: ScoringSpan, kinds: { workouts: boolean }): Promise<PrefetchedActivity> {
    const ids = [...profileIds];
    const days: RecordRow[] = kinds.workouts
      ? []
      : await db.query(
          `SELECT profile_id, source, external_id, time, ${SCORED_FIELDS} FROM health_record
           WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND type = 'daily_summary' AND time >= $3 AND time <= $4`,
          // A daily summary is filed at 00:00 UTC of its date (not the session's time zone's midnight).
          [appId, ids, new Date(`${span.firstDate}T00:00:00Z`), new Date(`${span.lastDate}T00:00:00Z`)],
        );
    const sessions: RecordRow[] = kinds.workouts
      ? await db.query(
          `SELECT profile_id, source, external_id, time, ${SCORED_FIELDS} FROM health_record
           WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND type = 'workout' AND time >= $3 AND time < $4`,
          [appId, ids, new Date(span.from.getTime() - WORKOUT_LOOK_BEHIND_MS), span.to],
        )
      : [];
    const events: Parameters<typeof toPointsEvent>[0][] = await db.query(
      `SELECT id, profile_id, name, points, timestamp, activity_type, reference FROM points_event
       WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND timestamp >= $3 AND timestamp < $4`,
      [appId, ids, span.from, span.to],
    );
    return new PrefetchedActivity(
      group(days.map((row) => dailySummaryOf(row.profile_id, scoredFields(row)))),
      group(sessions.map((row) => workoutOf(row.profile_id, scoredFields(row)))),
      group(events.map(toPointsEvent)),
    );
  }

  async listDailySummaries(profileId: string, range: RecordDateRange = {}): Promise<DailySummary[]> {
    return (this.summaries.get(profileId) ?? []).filter(
      (s) => (range.fromDate === undefined || s.date >= range.fromDate) && (range.toDate === undefined || s.date <= range.toDate),
    );
  }

  async listWorkouts(profileId: string, range: RecordTimeRange = {}): Promise<Workout[]> {
    return (this.workouts.get(profileId) ?? []).filter(
      (w) => (range.from === undefined || w.start >= range.from) && (range.to === undefined || w.start <= range.to),
    );
  }

  async listByProfile(profileId: string, range: RecordTimeRange = {}): Promise<PointsEvent[]> {
    return (this.events.get(profileId) ?? []).filter(
      (e) => (range.from === undefined || e.timestamp >= range.from) && (range.to === undefined || e.timestamp <= range.to),
    );
  }
}

/** Stored scores of a batch of members, read at once; writes are not expected here. */
class PrefetchedScores implements Pick<ScoreRepository, 'findForMember'> {
  private constructor(private readonly byMember: Map<string, MemberPeriodScore[]>) {}

  static async load(db: Db, challengeId: string, profileIds: readonly string[], first: number): Promise<PrefetchedScores> {
    const rows: Row[] = await db.query(
      `SELECT ${SCORE_COLUMNS} FROM member_period_score WHERE challenge_id = $1 AND profile_id = ANY($2::uuid[]) AND period_index >= $3`,
      [challengeId, [...profileIds], first],
    );
    return new PrefetchedScores(group(rows.map(toScore)));
  }

  async findForMember(_challengeId: string, profileId: string, periodIndexes?: readonly number[]): Promise<MemberPeriodScore[]> {
    return (this.byMember.get(profileId) ?? [])
      .filter((s) => periodIndexes === undefined || periodIndexes.includes(s.periodIndex))
      .sort((a, b) => a.periodIndex - b.periodIndex);
  }
}
