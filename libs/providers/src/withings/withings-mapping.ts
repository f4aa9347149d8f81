import { formatDuration, ProviderRecords } from '@strive/domain';
import { mergeRecords, RecordRow } from '../provider-records';
import { numberOrNull } from '../shared/payload-reading';

/**
 * Withings Public API payloads (the `body` of its `{status, body}` envelope) -> Strive upload
 * records. Withings' quirks:
 * - a measure is `{value, unit, type}` worth `value * 10^unit` (65750 and -3: 65.75 kg), its
 *   `type` a meastype code; the measures of one weighing or one cuff reading form a group;
 * - activities are per local `date` with the person's `timezone`; their date is not moved to UTC;
 * - times are epoch seconds; sleep efficiency is a ratio (0.91), Strive's a percentage.
 */

export interface WithingsMeasure {
  readonly value: number;
  readonly type: number;
  readonly unit: number;
  /** Withings' algorithm and firmware markers, not read. */
  readonly algo?: number;
  readonly fm?: number;
}

export interface WithingsMeasureGroup {
  readonly grpid: number;
  readonly date: number;
  /** 1 a real measurement, 2 a user objective (a target weight, not a measurement). */
  readonly category?: number;
  readonly measures: readonly WithingsMeasure[];
}

export interface WithingsActivity {
  readonly date: string;
  readonly timezone?: string;
  readonly steps?: number;
  readonly distance?: number;
  readonly elevation?: number;
  readonly soft?: number;
  readonly moderate?: number;
  readonly intense?: number;
  readonly active?: number;
  readonly calories?: number;
  readonly totalcalories?: number;
  readonly hr_average?: number;
  readonly hr_min?: number;
  readonly hr_max?: number;
}

export interface WithingsWorkout {
  readonly id?: number;
  readonly category: number;
  readonly startdate: number;
  readonly enddate: number;
  readonly data?: {
    readonly calories?: number;
    readonly steps?: number;
    readonly distance?: number;
    readonly elevation?: number;
    readonly hr_average?: number;
    readonly hr_min?: number;
    readonly hr_max?: number;
    readonly pause_duration?: number;
  };
}

export interface WithingsSleep {
  readonly id?: number;
  readonly startdate: number;
  readonly enddate: number;
  readonly date?: string;
  readonly data?: {
    readonly wakeupduration?: number;
    readonly lightsleepduration?: number;
    readonly deepsleepduration?: number;
    readonly remsleepduration?: number;
    readonly total_sleep_time?: number;
    readonly sleep_efficiency?: number;
    readonly sleep_score?: number;
    readonly hr_average?: number;
    readonly hr_min?: number;
    readonly rr_average?: number;
    /** Not read: the count of wake-ups and the time in bed (start to end says it). */
    readonly wakeupcount?: number;
    readonly total_timeinbed?: number;
  };
}

type Row = RecordRow;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const instant = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `value * 10^unit`, dividing for negative units so 65750e-3 is exactly 65.75. */
export function withingsValue(measure: WithingsMeasure): number {
  return measure.unit < 0 ? measure.value / 10 ** -measure.unit : measure.value * 10 ** measure.unit;
}

/** Meastype codes (Withings "Measure - Getmeas": meastype) -> Strive measurement types, in their units. */
const MEASUREMENT_TYPES: Readonly<Record<number, string>> = {
  6: 'FAT_RATIO', // %
  8: 'BODY_FAT_MASS', // kg
  12: 'TEMPERATURE', // °C
  54: 'SPO2', // %
  71: 'BODY_TEMPERATURE', // °C
  73: 'SKIN_TEMPERATURE', // °C
  76: 'MUSCLE_MASS', // kg
  88: 'BONE_MASS', // kg
  123: 'VO2_MAX', // ml/min/kg
  155: 'VASCULAR_AGE', // years
  170: 'VISCERAL_FAT', // index
  226: 'BMR', // kcal/day
};
const WEIGHT = 1;
const HEIGHT = 4;
const FAT_FREE_MASS = 5;
const DIASTOLIC = 9;
const SYSTOLIC = 10;
const HEART_PULSE = 11;
const HYDRATION = 77; // kg of body water
const PULSE_WAVE_VELOCITY = 91; // m/s

/**
 * One measure group: weight and height (biometric), blood pressure (systolic with its diastolic),
 * heart pulse (a one-instant heart rate sample) and every other known code as a measurement.
 * Withings reports hydration in kg; Strive's HYDRATION is the percentage of body weight, so it
 * is computed when the group has the weight, else kept as kg under OTHER. User objectives
 * (category 2) are not measurements and are skipped.
 */
export function mapWithingsMeasureGroup(group: WithingsMeasureGroup): ProviderRecords {
  if (group.category === 2) return {};
  const at = instant(group.date);
  const values = new Map<number, number>();
  for (const measure of group.measures) {
    if (isNumber(measure.value) && isNumber(measure.unit) && isNumber(measure.type)) values.set(measure.type, withingsValue(measure));
  }
  const id = String(group.grpid);
  const out: Record<string, Row[]> = {};
  const measurement = (type: string, value: number, extra: Row = {}) =>
    (out.biometric_measurement ??= []).push({ external_id: `${id}:${type === 'OTHER' ? String(extra.label) : type}`, timestamp: at, measurement_type: type, value, ...extra });

  const weight = values.get(WEIGHT);
  const height = values.get(HEIGHT);
  if ((weight ?? 0) > 0 || (height ?? 0) > 0) {
    out.biometric = [{ external_id: id, timestamp: at, weight: weight && weight > 0 ? weight : null, height: height && height > 0 ? height : null }];
  }
  const systolic = values.get(SYSTOLIC);
  const diastolic = values.get(DIASTOLIC);
  if (systolic !== undefined) measurement('BLOOD_PRESSURE', systolic, { secondary_value: diastolic ?? null });
  else if (diastolic !== undefined) measurement('DIASTOLIC_BP', diastolic);
  const pulse = values.get(HEART_PULSE);
  if (pulse !== undefined && pulse > 0 && pulse <= 300) {
    out.heartrate_sample = [{ external_id: `${id}:pulse`, start_time: at, end_time: at, average: pulse, min: pulse, max: pulse }];
  }
  for (const [code, type] of Object.entries(MEASUREMENT_TYPES)) {
    const value = values.get(Number(code));
    if (value !== undefined) measurement(type, value);
  }
  const water = values.get(HYDRATION);
  if (water !== undefined) {
    if (weight && weight > 0) measurement('HYDRATION', Math.round((water / weight) * 100_000) / 1000);
    else measurement('OTHER', water, { unit: 'kg', label: 'Hydration' });
  }
  const fatFree = values.get(FAT_FREE_MASS);
  if (fatFree !== undefined) measurement('OTHER', fatFree, { unit: 'kg', label: 'Fat free mass' });
  const pwv = values.get(PULSE_WAVE_VELOCITY);
  if (pwv !== undefined) measurement('OTHER', pwv, { unit: 'm/s', label: 'Pulse wave velocity' });
  return out;
}

/** A day of activity: its local date as Withings gives it (with its timezone), never moved to UTC. */
export function mapWithingsActivity(activity: WithingsActivity): ProviderRecords {
  if (!DATE.test(String(activity.date))) return {};
  const activeSeconds = isNumber(activity.active)
    ? activity.active
    : isNumber(activity.moderate) || isNumber(activity.intense) ? (numberOrNull(activity.moderate) ?? 0) + (numberOrNull(activity.intense) ?? 0) : null;
  const heartRate = { average: numberOrNull(activity.hr_average), min: numberOrNull(activity.hr_min), max: numberOrNull(activity.hr_max) };
  return {
    daily_summary: [{
      external_id: activity.date,
      date: activity.date,
      distance: numberOrNull(activity.distance) ?? 0,
      steps: isNumber(activity.steps) ? Math.round(activity.steps) : 0,
      // `totalcalories` includes the resting energy; `calories` is the active part only.
      calories: numberOrNull(activity.totalcalories) ?? numberOrNull(activity.calories) ?? 0,
      active_duration: activeSeconds === null ? null : formatDuration(activeSeconds),
      heart_rate_summary: Object.values(heartRate).some((value) => value !== null && value > 0) ? heartRate : null,
    }],
  };
}

/** Workout categories (Withings "Measure v2 - Getworkouts": category) -> Strive activity types. */
const WORKOUT_CATEGORIES: Readonly<Record<number, string>> = {
  1: 'WALKING', 2: 'RUNNING', 3: 'HIKING', 4: 'SKATING', 6: 'CYCLING', 7: 'SWIMMING', 8: 'SURFING',
  12: 'TENNIS', 13: 'TABLE_TENNIS', 14: 'SQUASH', 15: 'BADMINTON', 16: 'STRENGTH_TRAINING', 17: 'STRENGTH_TRAINING',
  18: 'ELLIPTICAL', 19: 'PILATES', 20: 'BASKETBALL', 21: 'SOCCER', 24: 'VOLLEYBALL', 27: 'GOLF', 28: 'YOGA',
  29: 'DANCE', 30: 'BOXING', 33: 'MARTIAL_ARTS', 34: 'SKIING', 35: 'SNOWBOARDING', 187: 'ROWING', 188: 'DANCE',
  195: 'CLIMBING', 196: 'SKATING', 306: 'WALKING', 307: 'TREADMILL_RUNNING', 308: 'INDOOR_CYCLING',
};

export function withingsWorkoutType(category: number): string {
  return WORKOUT_CATEGORIES[category] ?? 'OTHER';
}

/** A workout: its duration is the time between start and end less Withings' pauses. */
export function mapWithingsWorkout(workout: WithingsWorkout): ProviderRecords {
  const data = workout.data ?? {};
  const pause = isNumber(data.pause_duration) && data.pause_duration > 0 ? data.pause_duration : 0;
  const duration = Math.max(0, workout.enddate - workout.startdate - pause);
  const heartRate = { average: numberOrNull(data.hr_average), min: numberOrNull(data.hr_min), max: numberOrNull(data.hr_max) };
  return {
    workout: [{
      external_id: String(workout.id ?? `${workout.startdate}:${workout.category}`),
      timestamp: instant(workout.startdate),
      duration: formatDuration(duration),
      type: withingsWorkoutType(workout.category),
      distance: numberOrNull(data.distance) ?? 0,
      steps: isNumber(data.steps) ? Math.round(data.steps) : null,
      calories: numberOrNull(data.calories),
      elevation_gain: numberOrNull(data.elevation),
      heart_rate_summary: Object.values(heartRate).some((value) => value !== null && value > 0) ? heartRate : null,
    }],
  };
}

/** A night (sleep summary). */
export function mapWithingsSleep(sleep: WithingsSleep): ProviderRecords {
  const data = sleep.data ?? {};
  const seconds = (value: unknown) => (isNumber(value) && value >= 0 ? value : null);
  const light = seconds(data.lightsleepduration);
  const deep = seconds(data.deepsleepduration);
  const rem = seconds(data.remsleepduration);
  const asleep = seconds(data.total_sleep_time) ?? (light === null && deep === null && rem === null ? null : (light ?? 0) + (deep ?? 0) + (rem ?? 0));
  const duration = (value: number | null) => (value === null ? null : formatDuration(value));
  const efficiency = numberOrNull(data.sleep_efficiency);
  return {
    sleep_summary: [{
      external_id: String(sleep.id ?? sleep.startdate),
      start_time: instant(sleep.startdate),
      end_time: instant(sleep.enddate),
      total_sleep_duration: duration(asleep),
      awake_duration: duration(seconds(data.wakeupduration)),
      light_duration: duration(light),
      deep_duration: duration(deep),
      rem_duration: duration(rem),
      sleep_score: numberOrNull(data.sleep_score),
      efficiency: efficiency === null ? null : Math.round(efficiency * 1000) / 10,
      average_heart_rate: numberOrNull(data.hr_average),
      lowest_heart_rate: numberOrNull(data.hr_min),
      respiratory_rate: numberOrNull(data.rr_average),
    }],
  };
}

const objects = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((item): item is Row => typeof item === 'object' && item !== null) : []);
const isEpoch = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** getmeas `body.measuregrps`; groups without id, date or measures are skipped. */
export function mapWithingsMeasureGroups(body: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const group of objects((body as Row | null)?.measuregrps)) {
    if (!isEpoch(group.grpid) || !isEpoch(group.date) || !Array.isArray(group.measures)) continue;
    mergeRecords(out, mapWithingsMeasureGroup({ ...group, measures: objects(group.measures) } as unknown as WithingsMeasureGroup));
  }
  return out;
}

/** getactivity `body.activities`. */
export function mapWithingsActivities(body: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const activity of objects((body as Row | null)?.activities)) mergeRecords(out, mapWithingsActivity(activity as unknown as WithingsActivity));
  return out;
}

/** getworkouts `body.series`. */
export function mapWithingsWorkouts(body: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const workout of objects((body as Row | null)?.series)) {
    if (!isEpoch(workout.startdate) || !isEpoch(workout.enddate) || !isNumber(workout.category) || workout.enddate < workout.startdate) continue;
    mergeRecords(out, mapWithingsWorkout(workout as unknown as WithingsWorkout));
  }
  return out;
}

/** sleep getsummary `body.series`. */
export function mapWithingsSleeps(body: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const sleep of objects((body as Row | null)?.series)) {
    if (!isEpoch(sleep.startdate) || !isEpoch(sleep.enddate) || sleep.enddate < sleep.startdate) continue;
    mergeRecords(out, mapWithingsSleep(sleep as unknown as WithingsSleep));
  }
  return out;
}
