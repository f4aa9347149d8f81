import { aggregatedDailySummaryId, groupDuplicateWorkouts, mergeDailySummaries, sourceRank } from './deduplication';
import { DailySummary, Source, Workout } from './activity-records';
import { dailySummaryPoints, workoutPoints } from '../points/points-calculator';
import { PointsDefinition } from '../points/points-definition';
import { HealthRecord, parseDuration } from './health-record';

const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const nullableNum = (value: unknown) => (typeof value === 'number' ? value : null);

/** What the scoring views read of a stored or uploaded record (a daily summary's view does not read its time). */
export type ScoredRecordFields = Pick<HealthRecord, 'source' | 'externalId' | 'time' | 'data'>;

/** The scoring view of a daily_summary record. */
export function dailySummaryOf(profileId: string, record: Omit<ScoredRecordFields, 'time'>): DailySummary {
  const d = record.data;
  return {
    profileId,
    source: record.source,
    externalId: record.externalId,
    date: String(d.date),
    distance: num(d.distance),
    steps: num(d.steps),
    calories: num(d.calories),
    activeDurationSeconds: typeof d.active_duration === 'string' ? (parseDuration(d.active_duration) ?? 0) : 0,
  };
}

/** The scoring view of a workout record. */
export function workoutOf(profileId: string, record: ScoredRecordFields): Workout {
  const d = record.data;
  return {
    profileId,
    source: record.source,
    externalId: record.externalId,
    activityType: String(d.type),
    start: record.time,
    durationSeconds: typeof d.duration === 'string' ? (parseDuration(d.duration) ?? 0) : 0,
    distance: num(d.distance),
    steps: nullableNum(d.steps),
    calories: nullableNum(d.calories),
    isManual: typeof d.is_manual === 'boolean' ? d.is_manual : null,
  };
}

/** `points` of a served daily summary or workout under the app's points definition; null for other types. */
export function recordPoints(definition: PointsDefinition, record: HealthRecord): number | null {
  if (record.type === 'daily_summary') return dailySummaryPoints(definition, dailySummaryOf('', record));
  if (record.type === 'workout') return workoutPoints(definition, workoutOf('', record));
  return null;
}

const byTrust = (a: HealthRecord, b: HealthRecord) => sourceRank(a.source) - sourceRank(b.source);

/**
 * Daily summary records merged per date (the `deduplicate` view): a date with one record
 * keeps it; several merge into one AGGREGATED record with the per-field maximum of the
 * domain rule (mergeDailySummaries), floors as the maximum too, and the heart rate and stress
 * summaries of the most trusted source that has one. Ordered by date.
 */
export function mergeDailySummaryRecords<T extends HealthRecord>(records: readonly T[]): (T | HealthRecord)[] {
  const byDate = new Map<string, T[]>();
  for (const record of records) {
    const date = String(record.data.date);
    byDate.set(date, [...(byDate.get(date) ?? []), record]);
  }
  return [...byDate.keys()].sort().map((date) => {
    const day = byDate.get(date) as T[];
    if (day.length === 1) return day[0];
    const [merged] = mergeDailySummaries(day.map((r) => dailySummaryOf('', r)));
    const trusted = [...day].sort(byTrust);
    const firstOf = (field: string) => trusted.find((r) => r.data[field] !== null && r.data[field] !== undefined)?.data[field] ?? null;
    const floors = day.map((r) => r.data.floors).filter((f): f is number => typeof f === 'number');
    const source: Source = 'AGGREGATED';
    return {
      type: 'daily_summary',
      source,
      externalId: aggregatedDailySummaryId(date),
      time: day[0].time,
      endTime: null,
      subtype: '',
      data: {
        date,
        distance: merged.distance,
        steps: merged.steps,
        calories: merged.calories,
        active_duration: trusted.find((r) => (parseDuration(String(r.data.active_duration)) ?? -1) === merged.activeDurationSeconds)?.data.active_duration ?? null,
        floors: floors.length > 0 ? Math.max(...floors) : null,
        heart_rate_summary: firstOf('heart_rate_summary'),
        stress_summary: firstOf('stress_summary'),
      },
    };
  });
}

/** A workout record chosen to stand for one real session, and the duplicates it absorbed. */
export interface WorkoutRecordGroup<T extends HealthRecord> {
  readonly chosen: T;
  readonly duplicates: readonly T[];
}

/** Workout records grouped by real session with the domain rule (groupDuplicateWorkouts). */
export function groupWorkoutRecords<T extends HealthRecord>(records: readonly T[]): WorkoutRecordGroup<T>[] {
  const key = (source: string, externalId: string) => `${source}\u0000${externalId}`;
  const byKey = new Map(records.map((r) => [key(r.source, r.externalId), r]));
  const find = (w: Workout) => byKey.get(key(w.source, w.externalId)) as T;
  return groupDuplicateWorkouts(records.map((r) => workoutOf('', r))).map((group) => ({
    chosen: find(group.chosen),
    duplicates: group.duplicates.map(find),
  }));
}
