import { deduplicateWorkouts, mergeDailySummaries } from '../activity/deduplication';
import { DailySummary, Workout } from '../activity/records';
import { dailySummaryPoints, roundPoints, workoutPoints } from '../points/points-calculator';
import { PointsDefinition } from '../points/points-definition';

/**
 * The points a profile earned on one day: its merged daily summary of that (local) date,
 * and its deduplicated workouts that started on that UTC day. The profile's total_points is
 * the sum of its days plus its events, so an upload only recomputes the days it touched.
 */
export interface DayPoints {
  /** YYYY-MM-DD */
  readonly day: string;
  readonly dailySummaries: number;
  readonly workouts: number;
}

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Points per day of the given records. With `days`, only those days are returned (each of
 * them, zero when nothing scores there); the records must include every record that can
 * share a date or a deduplication group with those days. Without `days`: every day with records.
 */
export function pointsOfDays(
  definition: PointsDefinition,
  summaries: readonly DailySummary[],
  workouts: readonly Workout[],
  days: ReadonlySet<string> | null = null,
): DayPoints[] {
  const totals = new Map<string, { daily: number; workouts: number }>();
  const add = (day: string, field: 'daily' | 'workouts', points: number) => {
    if (days !== null && !days.has(day)) return;
    const entry = totals.get(day) ?? { daily: 0, workouts: 0 };
    entry[field] += points;
    totals.set(day, entry);
  };
  for (const day of days ?? []) totals.set(day, { daily: 0, workouts: 0 });
  for (const summary of mergeDailySummaries(summaries)) add(summary.date, 'daily', dailySummaryPoints(definition, summary));
  for (const workout of deduplicateWorkouts(workouts)) add(utcDay(workout.start), 'workouts', workoutPoints(definition, workout));
  return [...totals.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, t]) => ({ day, dailySummaries: roundPoints(t.daily), workouts: roundPoints(t.workouts) }));
}

/** The UTC days from `from` to `to` (both included), YYYY-MM-DD. */
export function daysBetween(from: Date, to: Date): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${utcDay(from)}T00:00:00Z`); t <= to.getTime(); t += 86_400_000) days.push(utcDay(new Date(t)));
  return days;
}
