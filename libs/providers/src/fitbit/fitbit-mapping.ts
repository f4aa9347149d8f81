import { formatDuration, MAX_CALORIES_KCAL, MAX_DISTANCE_M, MAX_DURATION_SECONDS, MAX_STEPS, ProviderRecords } from '@strive/domain';
import { Zone } from 'luxon';
import { heartRateOrNull, isRecord, numberOrNull, quantityOrNull, round, stringOrNull } from '../shared/payload-reading';
import { instantText, localToInstant, offsetToInstant } from '../shared/vendor-time';

/**
 * Fitbit Web API payloads, the fields Strive reads. Strive asks in the METRIC unit system (no
 * Accept-Language header): distances in km, weight in kg, elevation in m. Dates are the
 * person's local dates; sleep and weight times are local times WITHOUT an offset, placed in the
 * person's zone from GET /1/user/-/profile.json (timezone, offsetFromUTCMillis); activity log
 * entries carry their own offset ("2026-11-20T07:02:11.000-05:00").
 */
/** GET /1/user/-/activities/{resource}/date/{start}/{end}.json: `activities-<resource>`, values as strings. */
export interface FitbitTimeSeriesEntry {
  readonly dateTime: string;
  readonly value: string;
}

/** The activity time series Strive reads, one call each per window (Fitbit allows 1095 days a call). */
export const FITBIT_ACTIVITY_SERIES = ['steps', 'distance', 'calories', 'floors', 'minutesLightlyActive', 'minutesFairlyActive', 'minutesVeryActive'] as const;
export type FitbitActivitySeries = (typeof FITBIT_ACTIVITY_SERIES)[number];

export interface FitbitActivityLog {
  readonly logId: number;
  readonly activityName: string;
  readonly activityTypeId?: number;
  /** Local time with offset. */
  readonly startTime: string;
  /** Milliseconds, pauses included. */
  readonly duration: number;
  /** Milliseconds in motion. */
  readonly activeDuration?: number;
  readonly calories?: number;
  readonly distance?: number;
  readonly distanceUnit?: string;
  readonly steps?: number;
  readonly averageHeartRate?: number;
  readonly elevationGain?: number;
  /** auto_detected, manual, mobile_run, tracker, fitstar. */
  readonly logType?: string;
}

export interface FitbitSleepLog {
  readonly logId: number;
  readonly dateOfSleep: string;
  /** Local time, no offset. */
  readonly startTime: string;
  readonly endTime: string;
  readonly duration: number;
  readonly efficiency?: number;
  readonly minutesAsleep?: number;
  readonly minutesAwake?: number;
  readonly isMainSleep?: boolean;
  /** stages (deep/light/rem/wake) or classic (asleep/restless/awake). */
  readonly type?: 'stages' | 'classic';
  readonly levels?: {
    readonly summary?: Readonly<Record<string, { readonly count?: number; readonly minutes?: number; readonly thirtyDayAvgMinutes?: number }>>;
    readonly data?: readonly { readonly dateTime: string; readonly level: string; readonly seconds: number }[];
    /** Short wakes (3 minutes or less) overlapping `data`; not read. */
    readonly shortData?: readonly { readonly dateTime: string; readonly level: string; readonly seconds: number }[];
  };
}

export interface FitbitHeartRateDay {
  readonly dateTime: string;
  readonly value: {
    readonly customHeartRateZones?: readonly unknown[];
    readonly heartRateZones?: readonly { readonly caloriesOut?: number; readonly max: number; readonly min: number; readonly minutes: number; readonly name: string }[];
    /** Absent on days the tracker was not worn. */
    readonly restingHeartRate?: number;
  };
}

export interface FitbitWeightLog {
  readonly logId: number;
  readonly date: string;
  /** Local time of day, no offset. */
  readonly time: string;
  readonly weight: number;
  readonly bmi?: number;
}

const MILE_M = 1609.344;
const FOOT_M = 0.3048;

/** Fitbit activity names (the activity database's, as logs carry them) -> Strive activity types. */
const ACTIVITY_NAMES: Readonly<Record<string, string>> = {
  run: 'RUNNING', running: 'RUNNING', treadmill: 'TREADMILL_RUNNING', walk: 'WALKING', walking: 'WALKING',
  bike: 'CYCLING', 'outdoor bike': 'CYCLING', biking: 'CYCLING', spinning: 'INDOOR_CYCLING', 'indoor bike': 'INDOOR_CYCLING',
  'mountain biking': 'MOUNTAIN_BIKING', swim: 'SWIMMING', swimming: 'SWIMMING', hike: 'HIKING', hiking: 'HIKING',
  elliptical: 'ELLIPTICAL', 'stair climber': 'STAIR_CLIMBING', weights: 'STRENGTH_TRAINING', 'weight lifting': 'STRENGTH_TRAINING',
  'interval workout': 'HIIT', hiit: 'HIIT', 'circuit training': 'CROSSFIT', yoga: 'YOGA', pilates: 'PILATES',
  rowing: 'ROWING', 'rowing machine': 'INDOOR_ROWING', dancing: 'DANCE', tennis: 'TENNIS', golf: 'GOLF', soccer: 'SOCCER',
  basketball: 'BASKETBALL', 'martial arts': 'MARTIAL_ARTS', kickboxing: 'BOXING', skiing: 'SKIING', 'cross country skiing': 'CROSS_COUNTRY_SKIING',
  snowboarding: 'SNOWBOARDING', 'ice skating': 'SKATING', kayaking: 'PADDLING', surfing: 'SURFING', 'rock climbing': 'CLIMBING',
  meditation: 'MEDITATION',
};

export function fitbitActivityType(name: string | null): string {
  return (name && ACTIVITY_NAMES[name.trim().toLowerCase()]) ?? 'OTHER';
}

/**
 * The activity time series -> one daily_summary per date: distance in km (metric), active time
 * as light + fair + very active minutes (every minute not sedentary). Fitbit sends every value as
 * a string ("6160", "4.44"). A date without steps is a day without data and is left out.
 */
export function mapFitbitActivitySeries(series: Readonly<Partial<Record<FitbitActivitySeries, readonly unknown[]>>>): ProviderRecords {
  const values = new Map<string, Partial<Record<FitbitActivitySeries, number>>>();
  for (const name of FITBIT_ACTIVITY_SERIES) {
    for (const entry of series[name] ?? []) {
      if (!isRecord(entry) || typeof entry.dateTime !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(entry.dateTime)) continue;
      const value = typeof entry.value === 'string' || typeof entry.value === 'number' ? Number(entry.value) : NaN;
      if (!Number.isFinite(value) || value < 0) continue;
      const day = values.get(entry.dateTime) ?? {};
      day[name] = value;
      values.set(entry.dateTime, day);
    }
  }
  const summaries: Record<string, unknown>[] = [];
  for (const [date, day] of [...values].sort(([a], [b]) => a.localeCompare(b))) {
    if (day.steps === undefined) continue;
    const minutes = (day.minutesLightlyActive ?? 0) + (day.minutesFairlyActive ?? 0) + (day.minutesVeryActive ?? 0);
    summaries.push({
      external_id: `daily-${date}`,
      date,
      distance: Math.min(round((day.distance ?? 0) * 1000, 1), MAX_DISTANCE_M),
      steps: Math.min(Math.round(day.steps), MAX_STEPS),
      calories: Math.min(day.calories ?? 0, MAX_CALORIES_KCAL),
      active_duration: formatDuration(Math.min(minutes, 1440) * 60),
      floors: day.floors === undefined ? null : Math.round(day.floors),
    });
  }
  return { daily_summary: summaries };
}

/** GET /1/user/-/activities/list.json `activities` -> workout records (distance per its distanceUnit). */
export function mapFitbitActivityLogs(activities: readonly unknown[]): ProviderRecords {
  const workouts: Record<string, unknown>[] = [];
  for (const item of activities) {
    if (!isRecord(item)) continue;
    const id = numberOrNull(item.logId);
    const start = typeof item.startTime === 'string' ? offsetToInstant(item.startTime) : null;
    const durationMs = quantityOrNull(item.duration);
    if (id === null || start === null || durationMs === null || durationMs / 1000 > MAX_DURATION_SECONDS) continue;
    const imperial = item.distanceUnit === 'Mile';
    const rawDistance = quantityOrNull(item.distance) ?? 0;
    const distance = round(imperial ? rawDistance * MILE_M : rawDistance * 1000, 1);
    if (distance > MAX_DISTANCE_M) continue;
    const elevation = quantityOrNull(item.elevationGain);
    const average = heartRateOrNull(item.averageHeartRate);
    const steps = quantityOrNull(item.steps);
    const name = stringOrNull(item.activityName);
    workouts.push({
      external_id: `activity-${id}`,
      timestamp: start,
      duration: formatDuration(durationMs / 1000),
      type: fitbitActivityType(name),
      is_manual: typeof item.logType === 'string' ? item.logType === 'manual' : null,
      name: name === null ? null : name.slice(0, 200),
      distance,
      steps: steps === null ? null : Math.round(steps),
      calories: quantityOrNull(item.calories),
      elevation_gain: elevation === null ? null : round(imperial ? elevation * FOOT_M : elevation, 1),
      heart_rate_summary: average === null ? null : { average, min: null, max: null },
    });
  }
  return { workout: workouts };
}

const STAGES: Readonly<Record<string, string>> = { wake: 'AWAKE', awake: 'AWAKE', restless: 'AWAKE', light: 'LIGHT', deep: 'DEEP', rem: 'REM', asleep: 'UNKNOWN' };

/** GET /1.2/user/-/sleep/date/{start}/{end}.json `sleep` -> sleep_summary, and sleep_detail per stage. */
export function mapFitbitSleepLogs(logs: readonly unknown[], zone: Zone): ProviderRecords {
  const summaries: Record<string, unknown>[] = [];
  const details: Record<string, unknown>[] = [];
  for (const item of logs) {
    if (!isRecord(item)) continue;
    const id = numberOrNull(item.logId);
    const start = typeof item.startTime === 'string' ? localToInstant(item.startTime, zone) : null;
    const end = typeof item.endTime === 'string' ? localToInstant(item.endTime, zone) : null;
    if (id === null || start === null || end === null || Date.parse(end) < Date.parse(start) || Date.parse(end) - Date.parse(start) > MAX_DURATION_SECONDS * 1000) continue;
    const levels = isRecord(item.levels) ? item.levels : {};
    const summary = isRecord(levels.summary) ? levels.summary : {};
    const stageSeconds = (stage: string) => {
      const entry = item.type === 'stages' ? summary[stage] : undefined;
      const minutes = isRecord(entry) ? quantityOrNull(entry.minutes) : null;
      return minutes === null ? null : formatDuration(minutes * 60);
    };
    const minutes = (key: string) => {
      const value = quantityOrNull(item[key]);
      return value === null ? null : formatDuration(value * 60);
    };
    const efficiency = quantityOrNull(item.efficiency);
    summaries.push({
      external_id: `sleep-${id}`,
      start_time: start,
      end_time: end,
      total_sleep_duration: minutes('minutesAsleep'),
      awake_duration: minutes('minutesAwake'),
      light_duration: stageSeconds('light'),
      deep_duration: stageSeconds('deep'),
      rem_duration: stageSeconds('rem'),
      sleep_score: null,
      efficiency: efficiency === null ? null : Math.min(efficiency, 100),
    });
    const data = Array.isArray(levels.data) ? levels.data : [];
    data.forEach((stage, i) => {
      if (!isRecord(stage) || typeof stage.dateTime !== 'string' || typeof stage.level !== 'string') return;
      const from = localToInstant(stage.dateTime, zone);
      const seconds = quantityOrNull(stage.seconds);
      if (from === null || seconds === null) return;
      details.push({
        external_id: `sleep-${id}-${i}`,
        start_time: from,
        end_time: instantText(Date.parse(from) + seconds * 1000),
        stage: STAGES[stage.level] ?? 'UNKNOWN',
      });
    });
  }
  return { sleep_summary: summaries, sleep_detail: details };
}

/** GET /1/user/-/activities/heart/date/{start}/{end}.json `activities-heart` -> heartrate_summary (resting rate). */
export function mapFitbitHeartRateDays(days: readonly unknown[]): ProviderRecords {
  const records: Record<string, unknown>[] = [];
  for (const day of days) {
    if (!isRecord(day) || typeof day.dateTime !== 'string' || !isRecord(day.value)) continue;
    const resting = heartRateOrNull(day.value.restingHeartRate);
    // A day without a resting rate (the tracker was not worn) has no summary.
    if (resting === null) continue;
    records.push({ external_id: `heart-${day.dateTime}`, date: day.dateTime, resting, average: null, min: null, max: null, hrv_rmssd: null });
  }
  return { heartrate_summary: records };
}

/** GET /1/user/-/body/log/weight/date/{start}/{end}.json `weight` -> weight and bmi records. */
export function mapFitbitWeightLogs(logs: readonly unknown[], zone: Zone): ProviderRecords {
  const weights: Record<string, unknown>[] = [];
  const bmis: Record<string, unknown>[] = [];
  for (const item of logs) {
    if (!isRecord(item) || typeof item.date !== 'string') continue;
    const id = numberOrNull(item.logId);
    const at = localToInstant(`${item.date}T${typeof item.time === 'string' ? item.time : '00:00:00'}`, zone);
    const kg = quantityOrNull(item.weight);
    if (id === null || at === null || kg === null || kg <= 0 || kg > 700) continue;
    weights.push({ external_id: `weight-${id}`, timestamp: at, weight: round(kg, 2) });
    const bmi = quantityOrNull(item.bmi);
    if (bmi !== null && bmi > 0 && bmi <= 200) bmis.push({ external_id: `bmi-${id}`, timestamp: at, bmi: round(bmi, 2) });
  }
  return { weight: weights, bmi: bmis };
}
