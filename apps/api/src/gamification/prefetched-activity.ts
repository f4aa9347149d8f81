import {
  ActivityRepository, DailySummary, dailySummaryOf, MemberPeriodScore, PointsEvent, PointsEventRepository, RecordDateRange,
  RecordTimeRange, ScoreRepository, Workout, WORKOUT_LOOK_BEHIND_MS, workoutOf,
} from '@strive/domain';
import { Db, Row } from '../persistence/gamification/db';
import { SCORE_COLUMNS, toScore } from '../persistence/gamification/typeorm-score.repository';
import { SCORED_FIELDS, scoredFields } from '../persistence/repositories/typeorm-activity.repository';
import { toPointsEvent } from '../persistence/repositories/typeorm-points.repository';

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

export interface PrefetchSpan {
  readonly firstDate: string;
  readonly lastDate: string;
  readonly from: Date;
  readonly to: Date;
}

/**
 * The raw records and stored scores of a batch of members, read with one query per kind,
 * served to the domain (DeduplicatedActivityHistory, RescoreMemberUseCase) as if they were the
 * per-profile repositories. Rescoring thousands of members this way costs a few queries per
 * batch instead of several per member. Reads the data platform's health_record rows with the
 * same field mapping as its ActivityRepository adapter.
 */
export class PrefetchedActivity implements Pick<ActivityRepository, 'listDailySummaries' | 'listWorkouts'>, Pick<PointsEventRepository, 'listByProfile'> {
  private constructor(
    private readonly summaries: Map<string, DailySummary[]>,
    private readonly workouts: Map<string, Workout[]>,
    private readonly events: Map<string, PointsEvent[]>,
  ) {}

  static async load(db: Db, appId: string, profileIds: readonly string[], span: PrefetchSpan, kinds: { workouts: boolean }): Promise<PrefetchedActivity> {
    const ids = [...profileIds];
    const days: RecordRow[] = kinds.workouts
      ? []
      : await db.query(
          `SELECT profile_id, source, external_id, time, ${SCORED_FIELDS} FROM health_record
           WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND type = 'daily_summary' AND time >= $3::date AND time <= $4::date`,
          [appId, ids, span.firstDate, span.lastDate],
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
export class PrefetchedScores implements Pick<ScoreRepository, 'findForMember'> {
  private constructor(private readonly byMember: Map<string, MemberPeriodScore[]>) {}

  static async load(db: Db, challengeId: string, profileIds: readonly string[], first: number, last: number): Promise<PrefetchedScores> {
    const rows: Row[] = await db.query(
      `SELECT ${SCORE_COLUMNS} FROM member_period_score WHERE challenge_id = $1 AND profile_id = ANY($2::uuid[]) AND period_index BETWEEN $3 AND $4`,
      [challengeId, [...profileIds], first, last],
    );
    return new PrefetchedScores(group(rows.map(toScore)));
  }

  async findForMember(_challengeId: string, profileId: string, periodIndexes?: readonly number[]): Promise<MemberPeriodScore[]> {
    return (this.byMember.get(profileId) ?? [])
      .filter((s) => periodIndexes === undefined || periodIndexes.includes(s.periodIndex))
      .sort((a, b) => a.periodIndex - b.periodIndex);
  }
}
