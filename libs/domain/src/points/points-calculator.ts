import { mergeDailySummaries, deduplicateWorkouts } from '../records/deduplication';
import { DailySummary, Workout } from '../records/activity-records';
import { PointsEvent } from './points-event';
import { ActivityPointsRate, NO_ACTIVITY_POINTS, PointsDefinition } from './points-definition';

/**
 * Points are kept to 2 decimals: rates are pro rata (7,500 steps at 1 per 1000 make 7.5),
 * and rounding each record keeps totals reproducible whatever the summation order.
 */
export function roundPoints(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

function capped(points: number, max: number | null): number {
  return max === null ? points : Math.min(points, max);
}

/** The rate that applies to an activity type: its own rule, else `otherActivities`, else nothing. */
export function activityRateFor(definition: PointsDefinition, activityType: string): ActivityPointsRate {
  return (
    definition.activities.find((rule) => rule.activityType === activityType) ??
    definition.otherActivities ??
    NO_ACTIVITY_POINTS
  );
}

/** Points of one day's summary. */
export function dailySummaryPoints(definition: PointsDefinition, summary: DailySummary): number {
  const rule = definition.daily;
  const points =
    (summary.steps / 1000) * rule.per1000Steps +
    (summary.distance / 1000) * rule.perKilometre +
    summary.calories * rule.perKcal +
    (summary.activeDurationSeconds / 60) * rule.perActiveMinute;
  return roundPoints(capped(points, rule.maxPerDay));
}

/** Points of one workout. */
export function workoutPoints(definition: PointsDefinition, workout: Workout): number {
  if (workout.isManual === true && !definition.countManualWorkouts) return 0;
  const rate = activityRateFor(definition, workout.activityType);
  if (workout.durationSeconds < rate.minDurationSeconds) return 0;
  const points =
    rate.perWorkout +
    (workout.distance / 1000) * rate.perKilometre +
    (workout.durationSeconds / 60) * rate.perMinute +
    (workout.calories ?? 0) * rate.perKcal;
  return roundPoints(capped(points, rate.maxPerWorkout));
}

export interface PointsBreakdown {
  readonly dailySummaries: number;
  readonly workouts: number;
  readonly events: number;
  readonly total: number;
}

export interface ProfileActivity {
  readonly dailySummaries: readonly DailySummary[];
  readonly workouts: readonly Workout[];
  readonly events: readonly PointsEvent[];
}

/**
 * A profile's total_points: the points of its deduplicated daily summaries (one merged
 * record per date), of its deduplicated workouts (one record per real session) and of its
 * events. Deduplicating first is what keeps two connected sources from paying twice.
 */
export function totalPoints(definition: PointsDefinition, activity: ProfileActivity): PointsBreakdown {
  const sum = (values: number[]) => roundPoints(values.reduce((acc, v) => acc + v, 0));
  const dailySummaries = sum(mergeDailySummaries(activity.dailySummaries).map((s) => dailySummaryPoints(definition, s)));
  const workouts = sum(deduplicateWorkouts(activity.workouts).map((w) => workoutPoints(definition, w)));
  const events = sum(activity.events.map((e) => e.points));
  return { dailySummaries, workouts, events, total: roundPoints(dailySummaries + workouts + events) };
}
