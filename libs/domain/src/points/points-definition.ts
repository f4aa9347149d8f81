import { ActivityType } from '../records/activity-records';
import { PointsError, PointsErrorCode } from './points-error';

/**
 * Points earned by one workout. Rates add up; a workout shorter than
 * `minDurationSeconds` earns nothing (no points for a 5-second "workout").
 */
export interface ActivityPointsRate {
  readonly perWorkout: number;
  readonly perKilometre: number;
  readonly perMinute: number;
  readonly perKcal: number;
  readonly minDurationSeconds: number;
  /** Upper bound of one workout's points; null: no bound. */
  readonly maxPerWorkout: number | null;
}

export interface ActivityPointsRule extends ActivityPointsRate {
  readonly activityType: ActivityType;
}

/** Points earned by one day's summary; rates add up, then the daily cap applies. */
export interface DailyPointsRule {
  readonly per1000Steps: number;
  readonly perKilometre: number;
  readonly perKcal: number;
  readonly perActiveMinute: number;
  /** Upper bound of one day's points; null: no bound. */
  readonly maxPerDay: number | null;
}

/**
 * An app's points definition (app level, never per challenge). Daily rules reward the
 * day's totals, activity rules reward workouts; a profile earns both, which is why one
 * metric may be rewarded by only one of the two families (see validatePointsDefinition).
 */
export interface PointsDefinition {
  readonly appId: string;
  readonly daily: DailyPointsRule;
  /** Per activity type. A rule of all zeros makes that type earn nothing (event-only challenges). */
  readonly activities: readonly ActivityPointsRule[];
  /** For activity types without a rule; null: they earn nothing. */
  readonly otherActivities: ActivityPointsRate | null;
  /** Whether workouts typed in by hand (is_manual true) earn points. */
  readonly countManualWorkouts: boolean;
}

/**
 * Upper bounds of a definition (docs/decisions.md "Limits"). With the upload maxima they keep
 * one record's points under 1.2e9 (a 7-day, 5000 km, 100,000 kcal workout at the top rates),
 * so totals stay exact to the cent in the double precision columns they are summed into.
 */
export const MAX_POINTS_RATE = 10_000;
export const MAX_POINTS_CAP = 1_000_000_000;
/** The longest workout there is (7 days): a higher minimum would only say "never". */
export const MAX_MIN_DURATION_SECONDS = 604_800;

export const NO_ACTIVITY_POINTS: ActivityPointsRate = {
  perWorkout: 0, perKilometre: 0, perMinute: 0, perKcal: 0, minDurationSeconds: 0, maxPerWorkout: null,
};

/**
 * Used until an app sets its own: 1 point per 1000 steps for the day, and 1 point per
 * 10 minutes of any workout of at least 5 minutes. Steps and workout minutes are different
 * metrics, so nothing is counted twice.
 */
export function defaultPointsDefinition(appId: string): PointsDefinition {
  return {
    appId,
    daily: { per1000Steps: 1, perKilometre: 0, perKcal: 0, perActiveMinute: 0, maxPerDay: null },
    activities: [],
    otherActivities: { ...NO_ACTIVITY_POINTS, perMinute: 0.1, minDurationSeconds: 300 },
    countManualWorkouts: true,
  };
}

function checkRate(value: number | null, field: string, max: number, nullable = false): void {
  if (nullable && value === null) return;
  if (value === null || !Number.isFinite(value) || value < 0 || value > max) {
    throw new PointsError(PointsErrorCode.InvalidRate, `${field} must be a number from 0 to ${max}.`, field);
  }
}

function checkActivityRate(rate: ActivityPointsRate, at: string): void {
  checkRate(rate.perWorkout, `${at}.perWorkout`, MAX_POINTS_RATE);
  checkRate(rate.perKilometre, `${at}.perKilometre`, MAX_POINTS_RATE);
  checkRate(rate.perMinute, `${at}.perMinute`, MAX_POINTS_RATE);
  checkRate(rate.perKcal, `${at}.perKcal`, MAX_POINTS_RATE);
  checkRate(rate.minDurationSeconds, `${at}.minDurationSeconds`, MAX_MIN_DURATION_SECONDS);
  checkRate(rate.maxPerWorkout, `${at}.maxPerWorkout`, MAX_POINTS_CAP, true);
}

/**
 * Refuses a definition that cannot be applied or would count one effort twice. A day's
 * distance, calories and active minutes already include its workouts, so a metric rewarded
 * at daily level (e.g. daily perKilometre) may not also be rewarded by any activity rule
 * (activity perKilometre), and vice versa. Steps are daily only; per-workout bonuses are
 * activity only. Returns the definition for chaining.
 */
export function validatePointsDefinition(definition: PointsDefinition): PointsDefinition {
  const d = definition.daily;
  checkRate(d.per1000Steps, 'daily.per1000Steps', MAX_POINTS_RATE);
  checkRate(d.perKilometre, 'daily.perKilometre', MAX_POINTS_RATE);
  checkRate(d.perKcal, 'daily.perKcal', MAX_POINTS_RATE);
  checkRate(d.perActiveMinute, 'daily.perActiveMinute', MAX_POINTS_RATE);
  checkRate(d.maxPerDay, 'daily.maxPerDay', MAX_POINTS_CAP, true);

  const rates: { rate: ActivityPointsRate; at: string }[] = definition.activities.map((rule, i) => ({
    rate: rule,
    at: `activities[${i}]`,
  }));
  if (definition.otherActivities !== null) rates.push({ rate: definition.otherActivities, at: 'otherActivities' });
  const seen = new Set<string>();
  definition.activities.forEach((rule, i) => {
    if (seen.has(rule.activityType)) {
      throw new PointsError(
        PointsErrorCode.DuplicateActivityRule,
        `Activity type ${rule.activityType} has more than one rule.`,
        `activities[${i}].activityType`,
      );
    }
    seen.add(rule.activityType);
  });

  const pairs = [
    { daily: 'perKilometre', activity: 'perKilometre' },
    { daily: 'perKcal', activity: 'perKcal' },
    { daily: 'perActiveMinute', activity: 'perMinute' },
  ] as const;
  for (const { rate, at } of rates) {
    checkActivityRate(rate, at);
    for (const pair of pairs) {
      if (d[pair.daily] > 0 && rate[pair.activity] > 0) {
        throw new PointsError(
          PointsErrorCode.MetricCountedTwice,
          `daily.${pair.daily} and ${at}.${pair.activity} reward the same effort twice; set one of them to 0.`,
          `${at}.${pair.activity}`,
        );
      }
    }
  }
  return definition;
}
