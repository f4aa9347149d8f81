import { formatDuration, MAX_DISTANCE_M, MAX_DURATION_SECONDS, ProviderRecords } from '@strive/domain';
import { heartRateOrNull, isRecord, numberOrNull, quantityOrNull, round, stringOrNull } from '../shared/payload-reading';
import { offsetToInstant } from '../shared/vendor-time';

/**
 * Strava API v3 SummaryActivity (GET /athlete/activities), the fields Strive reads. Units:
 * distance and elevation in metres, times in seconds, speeds in m/s, kilojoules of work
 * (rides with a power meter or estimate), heart rate in bpm.
 */
export interface StravaSummaryActivity {
  readonly id: number;
  readonly name?: string;
  readonly distance?: number;
  readonly moving_time?: number;
  readonly elapsed_time: number;
  readonly total_elevation_gain?: number;
  /** Deprecated by Strava in favour of sport_type; still sent. */
  readonly type?: string;
  readonly sport_type?: string;
  /** UTC, e.g. 2026-11-20T06:52:54Z. */
  readonly start_date: string;
  /** The athlete's wall-clock time, written with a misleading Z: never an instant. */
  readonly start_date_local?: string;
  readonly timezone?: string;
  readonly manual?: boolean;
  readonly trainer?: boolean;
  readonly kilojoules?: number;
  /** Only in DetailedActivity (GET /activities/{id}). */
  readonly calories?: number;
  readonly has_heartrate?: boolean;
  readonly average_heartrate?: number;
  readonly max_heartrate?: number;
}

/** Strava sport_type -> Strive activity type (GET /activity_types/). */
const SPORT_TYPES: Readonly<Record<string, string>> = {
  Run: 'RUNNING', TrailRun: 'TRAIL_RUNNING', VirtualRun: 'TREADMILL_RUNNING',
  Ride: 'CYCLING', GravelRide: 'CYCLING', EBikeRide: 'CYCLING', Velomobile: 'CYCLING', VirtualRide: 'INDOOR_CYCLING',
  MountainBikeRide: 'MOUNTAIN_BIKING', EMountainBikeRide: 'MOUNTAIN_BIKING',
  Walk: 'WALKING', Hike: 'HIKING', Swim: 'SWIMMING',
  Rowing: 'ROWING', VirtualRow: 'INDOOR_ROWING', Canoeing: 'PADDLING', Kayaking: 'PADDLING', StandUpPaddling: 'PADDLING', Surfing: 'SURFING', Kitesurf: 'SURFING', Windsurf: 'SURFING',
  Elliptical: 'ELLIPTICAL', StairStepper: 'STAIR_CLIMBING', WeightTraining: 'STRENGTH_TRAINING', HighIntensityIntervalTraining: 'HIIT',
  Crossfit: 'CROSSFIT', Yoga: 'YOGA', Pilates: 'PILATES', Workout: 'OTHER',
  AlpineSki: 'SKIING', BackcountrySki: 'SKIING', NordicSki: 'CROSS_COUNTRY_SKIING', Snowboard: 'SNOWBOARDING',
  IceSkate: 'SKATING', InlineSkate: 'SKATING', RollerSki: 'CROSS_COUNTRY_SKIING',
  Tennis: 'TENNIS', Squash: 'SQUASH', Badminton: 'BADMINTON', TableTennis: 'TABLE_TENNIS', Soccer: 'SOCCER', Golf: 'GOLF',
  RockClimbing: 'CLIMBING', Wheelchair: 'WHEELCHAIR', Handcycle: 'WHEELCHAIR',
};

export function stravaActivityType(sportType: string | null): string {
  return (sportType && SPORT_TYPES[sportType]) ?? 'OTHER';
}

/**
 * Activities -> workout records. The workout spans the whole recording: `timestamp` is
 * start_date (UTC; start_date_local is wall-clock time that only looks like UTC) and `duration`
 * is elapsed_time (moving_time leaves out pauses and would end the workout early). Energy is
 * `calories` where Strava gives it (detailed activities), else the ride's kilojoules of work,
 * which equal kcal burned at the ~24% efficiency of a rider (4.184 kJ/kcal x 0.24 ~ 1). An
 * activity the contract cannot hold (over 7 days, over 5,000 km, no start) is left out.
 */
export function mapStravaActivities(activities: readonly unknown[]): ProviderRecords {
  const workouts: Record<string, unknown>[] = [];
  for (const item of activities) {
    if (!isRecord(item)) continue;
    const activity = item as Partial<StravaSummaryActivity> & Record<string, unknown>;
    const id = numberOrNull(activity.id) ?? stringOrNull(activity.id);
    const start = typeof activity.start_date === 'string' ? offsetToInstant(activity.start_date) : null;
    const elapsed = quantityOrNull(activity.elapsed_time);
    const distance = quantityOrNull(activity.distance) ?? 0;
    if (id === null || start === null || elapsed === null || elapsed > MAX_DURATION_SECONDS || distance > MAX_DISTANCE_M) continue;
    const average = heartRateOrNull(activity.average_heartrate);
    const max = heartRateOrNull(activity.max_heartrate);
    const calories = quantityOrNull(activity.calories) ?? quantityOrNull(activity.kilojoules);
    const name = stringOrNull(activity.name);
    workouts.push({
      external_id: `activity-${id}`,
      timestamp: start,
      duration: formatDuration(elapsed),
      type: stravaActivityType(stringOrNull(activity.sport_type) ?? stringOrNull(activity.type)),
      is_manual: typeof activity.manual === 'boolean' ? activity.manual : null,
      name: name === null ? null : name.slice(0, 200),
      distance: round(distance, 2),
      steps: null,
      calories: calories === null ? null : round(calories, 1),
      elevation_gain: quantityOrNull(activity.total_elevation_gain),
      heart_rate_summary: activity.has_heartrate && (average !== null || max !== null) ? { average, min: null, max } : null,
    });
  }
  return { workout: workouts };
}
