import { deduplicateWorkouts, mergeDailySummaries } from '../records/deduplication';
import { DailySummary, Workout } from '../records/activity-records';
import { dailySummaryPoints, roundPoints, workoutPoints } from './points-calculator';
import { PointsDefinition } from './points-definition';

/**
 * The points a profile earned on one day: its merged daily summary of that (local) date,
 * and its deduplicated workouts that started on that UTC day. The profile's total_points is
 * the sum of its days plus its events, so a change only recomputes the days around it.
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

const DAY_MS = 86_400_000;

/**
 * The days whose points a change over [from, to) can move: the UTC days from the one before
 * `from` to the one after `to` (a new copy of a workout may take over from a copy filed on the day
 * before or after). A daily summary's change spans its date as seen from every time zone, so its
 * date is always among them.
 */
export function daysAround(from: Date, to: Date): Set<string> {
  const days = new Set<string>();
  const last = Math.floor(to.getTime() / DAY_MS) + 1;
  for (let n = Math.floor(from.getTime() / DAY_MS) - 1; n <= last; n++) days.add(utcDay(new Date(n * DAY_MS)));
  return days;
}
