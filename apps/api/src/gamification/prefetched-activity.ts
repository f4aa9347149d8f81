import {
  ActivityRepository, DailySummary, MemberPeriodScore, parseDuration, PointsEvent, PointsEventRepository, RecordDateRange,
  RecordTimeRange, ScoreRepository, Source, Workout,
} from '@strive/domain';
import { Db, Row, toDate } from '../persistence/gamification/db';
import { toScore } from '../persistence/gamification/typeorm-score.repository';

const json = (data: unknown) => (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const nullableNum = (value: unknown) => (typeof value === 'number' ? value : null);

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

const LOOK_BEHIND_MS = 24 * 3_600_000;

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
    const days: Row[] = kinds.workouts
      ? []
      : await db.query(
          `SELECT profile_id, source, external_id, data FROM health_record
           WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND type = 'daily_summary' AND time >= $3::date AND time <= $4::date`,
          [appId, ids, span.firstDate, span.lastDate],
        );
    const sessions: Row[] = kinds.workouts
      ? await db.query(
          `SELECT profile_id, source, external_id, time, data FROM health_record
           WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND type = 'workout' AND time >= $3 AND time < $4`,
          [appId, ids, new Date(span.from.getTime() - LOOK_BEHIND_MS), span.to],
        )
      : [];
    const events: Row[] = await db.query(
      `SELECT id, profile_id, name, points, timestamp, activity_type, reference FROM points_event
       WHERE app_id = $1 AND profile_id = ANY($2::uuid[]) AND timestamp >= $3 AND timestamp < $4`,
      [appId, ids, span.from, span.to],
    );
    return new PrefetchedActivity(
      group(days.map(toDailySummary)),
      group(sessions.map(toWorkout)),
      group(events.map(toEvent)),
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
      `SELECT challenge_id, profile_id, team_id, period_index, period_start, period_end, progress, goal_reached, goal_reached_at,
              reached_at, fired_thresholds, total_distance, total_steps, total_calories, total_duration_seconds, total_points, updated_at
       FROM member_period_score WHERE challenge_id = $1 AND profile_id = ANY($2::uuid[]) AND period_index BETWEEN $3 AND $4`,
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

function toDailySummary(row: Row): DailySummary {
  const data = json(row.data);
  return {
    profileId: row.profile_id as string,
    source: row.source as Source,
    externalId: row.external_id as string,
    date: String(data.date),
    distance: num(data.distance),
    steps: num(data.steps),
    calories: num(data.calories),
    activeDurationSeconds: typeof data.active_duration === 'string' ? (parseDuration(data.active_duration) ?? 0) : 0,
  };
}

function toWorkout(row: Row): Workout {
  const data = json(row.data);
  return {
    profileId: row.profile_id as string,
    source: row.source as Source,
    externalId: row.external_id as string,
    activityType: String(data.type),
    start: toDate(row.time),
    durationSeconds: parseDuration(String(data.duration)) ?? 0,
    distance: num(data.distance),
    steps: nullableNum(data.steps),
    calories: nullableNum(data.calories),
    isManual: typeof data.is_manual === 'boolean' ? data.is_manual : null,
  };
}

function toEvent(row: Row): PointsEvent {
  return {
    id: row.id as string,
    profileId: row.profile_id as string,
    name: row.name as string,
    points: Number(row.points),
    timestamp: toDate(row.timestamp),
    activityType: (row.activity_type as string | null) ?? null,
    reference: (row.reference as string) ?? '',
  };
}
