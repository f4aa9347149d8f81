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

function checkRate(value: number | null, field: string, nullable = false): void {
  if (nullable && value === null) return;
  if (value === null || !Number.isFinite(value) || value < 0) {
    throw new PointsError(PointsErrorCode.InvalidRate, `${field} must be a non-negative number.`, field);
  }
}

function checkActivityRate(rate: ActivityPointsRate, at: string): void {
  checkRate(rate.perWorkout, `${at}.perWorkout`);
  checkRate(rate.perKilometre, `${at}.perKilometre`);
  checkRate(rate.perMinute, `${at}.perMinute`);
  checkRate(rate.perKcal, `${at}.perKcal`);
  checkRate(rate.minDurationSeconds, `${at}.minDurationSeconds`);
  checkRate(rate.maxPerWorkout, `${at}.maxPerWorkout`, true);
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
  checkRate(d.per1000Steps, 'daily.per1000Steps');
  checkRate(d.perKilometre, 'daily.perKilometre');
  checkRate(d.perKcal, 'daily.perKcal');
  checkRate(d.perActiveMinute, 'daily.perActiveMinute');
  checkRate(d.maxPerDay, 'daily.maxPerDay', true);

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
