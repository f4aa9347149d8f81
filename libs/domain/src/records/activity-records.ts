/**
 * The activity records that scoring and points read. Units: distance metres,
 * calories kcal, durations seconds. Every record is identified by
 * (profileId, source, externalId): re-sending the same key replaces the record.
 */
export const SOURCES = [
  'NONE', 'AGGREGATED',
  'GARMIN', 'FITBIT', 'POLAR', 'SUUNTO', 'WITHINGS', 'OURA', 'WHOOP', 'COROS', 'STRAVA',
  'WAHOO', 'HUAWEI', 'SAMSUNG', 'APPLE', 'HEALTH_CONNECT', 'GOOGLE_FIT', 'OMRON', 'ZWIFT',
  'STRIVE',
] as const;
export type Source = (typeof SOURCES)[number];

export const ACTIVITY_TYPES = [
  'WALKING', 'RUNNING', 'TREADMILL_RUNNING', 'TRAIL_RUNNING', 'CYCLING', 'INDOOR_CYCLING',
  'MOUNTAIN_BIKING', 'SWIMMING', 'OPEN_WATER_SWIMMING', 'HIKING', 'ROWING', 'INDOOR_ROWING',
  'ELLIPTICAL', 'STAIR_CLIMBING', 'STRENGTH_TRAINING', 'HIIT', 'CROSSFIT', 'YOGA', 'PILATES',
  'DANCE', 'SKIING', 'CROSS_COUNTRY_SKIING', 'SNOWBOARDING', 'SKATING', 'TENNIS', 'SQUASH',
  'BADMINTON', 'TABLE_TENNIS', 'SOCCER', 'BASKETBALL', 'VOLLEYBALL', 'GOLF', 'MARTIAL_ARTS',
  'BOXING', 'CLIMBING', 'PADDLING', 'SURFING', 'WHEELCHAIR', 'MEDITATION', 'OTHER',
] as const;
export type ActivityType = string; // upper-case word; ACTIVITY_TYPES is the served list

/** One day of a profile's activity from one source. `date` is the profile's local calendar date. */
export interface DailySummary {
  readonly profileId: string;
  readonly source: Source;
  readonly externalId: string;
  /** YYYY-MM-DD */
  readonly date: string;
  readonly distance: number;
  readonly steps: number;
  readonly calories: number;
  readonly activeDurationSeconds: number;
}

/** One workout (a recorded exercise session). */
export interface Workout {
  readonly profileId: string;
  readonly source: Source;
  readonly externalId: string;
  readonly activityType: ActivityType;
  readonly start: Date;
  readonly durationSeconds: number;
  readonly distance: number;
  readonly steps: number | null;
  readonly calories: number | null;
  readonly isManual: boolean | null;
}
