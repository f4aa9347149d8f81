import { formatDuration, ProviderRecords } from '@strive/domain';
import { mergeRecords, RecordRow } from '../provider-records';
import { isRecord } from '../shared/payload-reading';

/**
 * Wahoo Cloud API workouts -> Strive workouts. Wahoo's quirks: the summary's decimals arrive as
 * strings ("24909.71") or numbers, depending on the field and the API version; `starts` is the
 * UTC start; durations are seconds (`duration_total_accum` includes pauses, which Strive's
 * elapsed duration does too); the type is a numeric `workout_type_id`. Wahoo keeps no daily
 * totals, sleep or body data.
 */
type Row = RecordRow;

/** A Wahoo number: a finite number, or a decimal string; null otherwise. */
export function wahooNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** workout_type_id (Wahoo Cloud API "Workout Types") -> Strive activity types; others OTHER. */
const TYPES: Readonly<Record<number, string>> = {
  0: 'CYCLING', 1: 'RUNNING', 3: 'RUNNING', 4: 'TRAIL_RUNNING', 5: 'TREADMILL_RUNNING', 6: 'WALKING', 7: 'WALKING', 8: 'WALKING',
  9: 'HIKING', 10: 'HIKING', 11: 'CYCLING', 12: 'INDOOR_CYCLING', 13: 'MOUNTAIN_BIKING', 15: 'CYCLING', 16: 'CYCLING',
  19: 'TREADMILL_RUNNING', 20: 'ELLIPTICAL', 21: 'INDOOR_CYCLING', 22: 'INDOOR_ROWING', 23: 'STAIR_CLIMBING', 25: 'SWIMMING',
  26: 'OPEN_WATER_SWIMMING', 27: 'SNOWBOARDING', 28: 'SKIING', 29: 'SKIING', 30: 'CROSS_COUNTRY_SKIING', 31: 'SKATING', 32: 'SKATING',
  33: 'SKATING', 37: 'PADDLING', 38: 'PADDLING', 39: 'ROWING', 41: 'PADDLING', 44: 'STAIR_CLIMBING', 45: 'WHEELCHAIR', 46: 'GOLF',
  49: 'INDOOR_CYCLING', 56: 'TREADMILL_RUNNING', 61: 'INDOOR_CYCLING', 64: 'CYCLING', 66: 'YOGA', 67: 'RUNNING', 68: 'INDOOR_CYCLING',
  71: 'TREADMILL_RUNNING',
};

export function wahooWorkoutType(typeId: unknown): string {
  return (typeof typeId === 'number' && TYPES[typeId]) || 'OTHER';
}

/** A workout with its summary (workouts without a summary have no results yet and are skipped). */
export function mapWahooWorkout(workout: Row): ProviderRecords {
  const summary = isRecord(workout.workout_summary) ? workout.workout_summary : null;
  const start = typeof workout.starts === 'string' ? Date.parse(workout.starts) : NaN;
  if (!summary || Number.isNaN(start) || (typeof workout.id !== 'number' && typeof workout.id !== 'string')) return {};
  // The total includes pauses; a summary without it falls back to the planned minutes.
  const seconds = wahooNumber(summary.duration_total_accum) ?? ((wahooNumber(workout.minutes) ?? 0) * 60);
  const heartRate = wahooNumber(summary.heart_rate_avg);
  return {
    workout: [{
      external_id: String(workout.id),
      timestamp: new Date(start).toISOString(),
      duration: formatDuration(Math.max(0, seconds)),
      type: wahooWorkoutType(workout.workout_type_id),
      is_manual: typeof summary.manual === 'boolean' ? summary.manual : null,
      name: typeof workout.name === 'string' ? workout.name.slice(0, 200) : null,
      distance: wahooNumber(summary.distance_accum) ?? 0,
      calories: wahooNumber(summary.calories_accum),
      elevation_gain: wahooNumber(summary.ascent_accum),
      heart_rate_summary: heartRate !== null && heartRate > 0 ? { average: heartRate } : null,
    }],
  };
}

/** GET /v1/workouts `{workouts}`. */
export function mapWahooWorkouts(workouts: readonly unknown[]): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const workout of workouts) if (isRecord(workout)) mergeRecords(out, mapWahooWorkout(workout));
  return out;
}
