import { formatDuration, ProviderRecords } from '@strive/domain';
import { mergeRecords, RecordRow } from '../provider-records';
import { numberOrNull } from '../shared/payload-reading';

/**
 * Polar AccessLink v3 payloads -> Strive upload records. Polar's quirks:
 * - durations are ISO 8601 (`PT1H2M3S`, `PT0.5S`), distances metres;
 * - an exercise's `start_time` is local wall time without offset, with
 *   `start_time_utc_offset` in minutes beside it;
 * - sleep carries offsets in its times but its hypnogram is keyed by local `HH:MM`;
 * - daily activity, sleep, nightly recharge and continuous heart rate are keyed by the
 *   person's local `date`, which is their external id (one record per day and type).
 */

export interface PolarExercise {
  readonly id: string;
  readonly start_time: string;
  /** Minutes east of UTC. */
  readonly start_time_utc_offset?: number;
  readonly duration: string;
  readonly calories?: number;
  readonly distance?: number;
  readonly heart_rate?: { readonly average?: number; readonly maximum?: number };
  readonly sport?: string;
  readonly detailed_sport_info?: string;
}

export interface PolarDailyActivity {
  /** Local midnight of the day, e.g. `2026-11-20T00:00:00`. */
  readonly start_time: string;
  readonly end_time?: string;
  readonly active_duration?: string;
  readonly calories?: number;
  readonly active_calories?: number;
  readonly steps?: number;
  readonly distance_from_steps?: number;
}

export interface PolarSleep {
  readonly date: string;
  readonly sleep_start_time: string;
  readonly sleep_end_time: string;
  readonly light_sleep?: number;
  readonly deep_sleep?: number;
  readonly rem_sleep?: number;
  readonly total_interruption_duration?: number;
  readonly sleep_score?: number;
  /** Local `HH:MM` -> stage: 0 wake, 1 REM, 2 lighter non-REM, 3 light non-REM, 4 deep non-REM, 5 unknown. */
  readonly hypnogram?: Readonly<Record<string, number>>;
}

export interface PolarNightlyRecharge {
  readonly date: string;
  readonly heart_rate_avg?: number;
  /** RMSSD in ms. */
  readonly heart_rate_variability_avg?: number;
  /** Breaths per minute. */
  readonly breathing_rate_avg?: number;
}

export interface PolarContinuousHeartRate {
  readonly date: string;
  readonly heart_rate_samples?: readonly { readonly heart_rate: number; readonly sample_time: string }[];
}

type Row = RecordRow;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?$/;

/** ISO 8601 duration (days, hours, minutes, fractional seconds) in seconds; null if malformed. */
export function parseIsoDuration(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value);
  if (!match || value === 'P' || value.endsWith('T')) return null;
  const [, days, hours, minutes, seconds] = match;
  return Number(days ?? 0) * 86400 + Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
}

/** A local wall time and its offset east of UTC (minutes) as an instant. */
export function polarInstant(localDateTime: string, offsetMinutes: number): Date | null {
  const match = LOCAL_DATE_TIME.exec(localDateTime);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), Math.round(Number(fraction ?? 0) * 1000));
  return new Date(wall - offsetMinutes * 60_000);
}

/** Polar's detailed sports first, then its sport groups; anything else is OTHER. */
const SPORTS: Readonly<Record<string, string>> = {
  RUNNING: 'RUNNING', ROAD_RUNNING: 'RUNNING', TRACK_AND_FIELD_RUNNING: 'RUNNING', TRAIL_RUNNING: 'TRAIL_RUNNING',
  TREADMILL_RUNNING: 'TREADMILL_RUNNING', CYCLING: 'CYCLING', ROAD_BIKING: 'CYCLING', INDOOR_CYCLING: 'INDOOR_CYCLING',
  MOUNTAIN_BIKING: 'MOUNTAIN_BIKING', SWIMMING: 'SWIMMING', POOL_SWIMMING: 'SWIMMING', OPEN_WATER_SWIMMING: 'OPEN_WATER_SWIMMING',
  WALKING: 'WALKING', NORDIC_WALKING: 'WALKING', HIKING: 'HIKING', ROWING: 'ROWING', INDOOR_ROWING: 'INDOOR_ROWING',
  STRENGTH_TRAINING: 'STRENGTH_TRAINING', CIRCUIT_TRAINING: 'HIIT', CROSSFIT: 'CROSSFIT', YOGA: 'YOGA', PILATES: 'PILATES',
  DANCING: 'DANCE', DOWNHILL_SKIING: 'SKIING', CROSS_COUNTRY_SKIING: 'CROSS_COUNTRY_SKIING', 'CROSS-COUNTRY_SKIING': 'CROSS_COUNTRY_SKIING',
  SNOWBOARDING: 'SNOWBOARDING', SKATING: 'SKATING', TENNIS: 'TENNIS', SQUASH: 'SQUASH', BADMINTON: 'BADMINTON',
  TABLE_TENNIS: 'TABLE_TENNIS', SOCCER: 'SOCCER', FOOTBALL: 'SOCCER', BASKETBALL: 'BASKETBALL', VOLLEYBALL: 'VOLLEYBALL',
  GOLF: 'GOLF', BOXING: 'BOXING', CLIMBING: 'CLIMBING', INDOOR_CLIMBING: 'CLIMBING', KAYAKING: 'PADDLING', CANOEING: 'PADDLING',
  SURFING: 'SURFING', ELLIPTICAL: 'ELLIPTICAL', CROSS_TRAINER: 'ELLIPTICAL',
};

export function polarSportType(detailed: string | undefined, sport: string | undefined): string {
  return (detailed && SPORTS[detailed.toUpperCase()]) || (sport && SPORTS[sport.toUpperCase()]) || 'OTHER';
}

/** An exercise (GET /v3/exercises): one workout, its start placed by its UTC offset. */
export function mapPolarExercise(exercise: PolarExercise): ProviderRecords {
  const start = polarInstant(exercise.start_time, numberOrNull(exercise.start_time_utc_offset) ?? 0);
  const seconds = parseIsoDuration(exercise.duration);
  if (!start || seconds === null) return {};
  const average = numberOrNull(exercise.heart_rate?.average);
  const max = numberOrNull(exercise.heart_rate?.maximum);
  return {
    workout: [{
      external_id: exercise.id,
      timestamp: start.toISOString(),
      duration: formatDuration(seconds),
      type: polarSportType(exercise.detailed_sport_info, exercise.sport),
      distance: numberOrNull(exercise.distance) ?? 0,
      calories: numberOrNull(exercise.calories),
      heart_rate_summary: average !== null || max !== null ? { average, max } : null,
    }],
  };
}

/** A day of activity (GET /v3/users/activities): the daily summary of its local date. */
export function mapPolarDailyActivity(activity: PolarDailyActivity): ProviderRecords {
  const date = typeof activity.start_time === 'string' ? activity.start_time.slice(0, 10) : '';
  if (!DATE.test(date)) return {};
  const active = parseIsoDuration(activity.active_duration);
  return {
    daily_summary: [{
      external_id: date,
      date,
      distance: numberOrNull(activity.distance_from_steps) ?? 0,
      steps: isNumber(activity.steps) ? Math.round(activity.steps) : 0,
      calories: numberOrNull(activity.calories) ?? 0,
      active_duration: active === null ? null : formatDuration(active),
    }],
  };
}

const HYPNOGRAM_STAGES: Readonly<Record<number, string>> = { 0: 'AWAKE', 1: 'REM', 2: 'LIGHT', 3: 'LIGHT', 4: 'DEEP', 5: 'UNKNOWN' };
const OFFSET = /([+-])(\d{2}):?(\d{2})$|Z$/i;

/** Offset east of UTC (minutes) of an ISO date-time, 0 for `Z`; null without one. */
function offsetMinutes(dateTime: string): number | null {
  const match = OFFSET.exec(dateTime);
  if (!match) return null;
  if (!match[1]) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/**
 * The hypnogram's local `HH:MM` keys as instants: they start on the local date of the sleep's
 * start and move to the next day when the clock passes midnight.
 */
function hypnogramStages(sleep: PolarSleep, start: Date, end: Date, offset: number): Row[] {
  const entries = Object.entries(sleep.hypnogram ?? {})
    .filter(([time, stage]) => /^\d{2}:\d{2}$/.test(time) && HYPNOGRAM_STAGES[stage] !== undefined);
  const localStart = new Date(start.getTime() + offset * 60_000);
  let day = Date.UTC(localStart.getUTCFullYear(), localStart.getUTCMonth(), localStart.getUTCDate());
  // A key an hour or more before the start's clock time already lies after midnight.
  let previousMinute = localStart.getUTCHours() * 60 + localStart.getUTCMinutes() - 60;
  const stretches: { at: Date; stage: string }[] = [];
  for (const [time, stage] of entries) {
    const minute = Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
    if (minute < previousMinute) day += 86_400_000;
    previousMinute = minute;
    stretches.push({ at: new Date(day + minute * 60_000 - offset * 60_000), stage: HYPNOGRAM_STAGES[stage] });
  }
  return stretches.flatMap(({ at, stage }, i) => {
    const until = i + 1 < stretches.length ? stretches[i + 1].at : end;
    if (until.getTime() <= at.getTime()) return [];
    return [{ external_id: `${sleep.date}:${at.toISOString()}`, start_time: at.toISOString(), end_time: until.toISOString(), stage }];
  });
}

/**
 * A night (GET /v3/users/sleep), with that night's recharge (GET /v3/users/nightly-recharge,
 * same `date`) when there is one: the night's summary and its stages.
 */
export function mapPolarSleep(sleep: PolarSleep, recharge: PolarNightlyRecharge | null): ProviderRecords {
  if (!DATE.test(String(sleep.date)) || typeof sleep.sleep_start_time !== 'string' || typeof sleep.sleep_end_time !== 'string') return {};
  const start = new Date(sleep.sleep_start_time);
  const end = new Date(sleep.sleep_end_time);
  const offset = offsetMinutes(sleep.sleep_start_time);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || offset === null || end < start) return {};
  const seconds = (value: unknown) => (isNumber(value) && value >= 0 ? value : null);
  const light = seconds(sleep.light_sleep);
  const deep = seconds(sleep.deep_sleep);
  const rem = seconds(sleep.rem_sleep);
  const asleep = light === null && deep === null && rem === null ? null : (light ?? 0) + (deep ?? 0) + (rem ?? 0);
  const duration = (value: number | null) => (value === null ? null : formatDuration(value));
  const records: Record<string, Row[]> = {
    sleep_summary: [{
      external_id: sleep.date,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      total_sleep_duration: duration(asleep),
      awake_duration: duration(seconds(sleep.total_interruption_duration)),
      light_duration: duration(light),
      deep_duration: duration(deep),
      rem_duration: duration(rem),
      sleep_score: numberOrNull(sleep.sleep_score),
      average_heart_rate: numberOrNull(recharge?.heart_rate_avg),
      average_hrv: numberOrNull(recharge?.heart_rate_variability_avg),
      respiratory_rate: numberOrNull(recharge?.breathing_rate_avg),
    }],
  };
  const stages = hypnogramStages(sleep, start, end, offset);
  if (stages.length > 0) records.sleep_detail = stages;
  return records;
}

/**
 * A day of continuous heart rate: its statistics as the day's heart rate summary. Polar gives
 * the samples in local time without an offset, so they are not placed as instants.
 */
export function mapPolarContinuousHeartRate(day: PolarContinuousHeartRate): ProviderRecords {
  const values = (day.heart_rate_samples ?? []).map((sample) => sample.heart_rate).filter((bpm) => isNumber(bpm) && bpm > 0);
  if (!DATE.test(String(day.date)) || values.length === 0) return {};
  return {
    heartrate_summary: [{
      external_id: day.date,
      date: day.date,
      average: Math.round((values.reduce((sum, bpm) => sum + bpm, 0) / values.length) * 10) / 10,
      min: Math.min(...values),
      max: Math.max(...values),
    }],
  };
}

const objects = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((item): item is Row => typeof item === 'object' && item !== null) : []);

/** GET /v3/exercises answers a list; exercises without id, start or duration are skipped. */
export function mapPolarExercises(payload: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const item of objects(payload)) {
    if (typeof item.id !== 'string' || typeof item.start_time !== 'string') continue;
    mergeRecords(out, mapPolarExercise(item as unknown as PolarExercise));
  }
  return out;
}

export function mapPolarDailyActivities(payload: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const item of objects(payload)) mergeRecords(out, mapPolarDailyActivity(item as unknown as PolarDailyActivity));
  return out;
}

/**
 * GET /v3/users/sleep `{nights}` with GET /v3/users/nightly-recharge `{recharges}`, matched by
 * date: each night's records on their own, so a page can hold as many nights as fit.
 */
export function mapPolarNights(sleepPayload: unknown, rechargePayload: unknown): ProviderRecords[] {
  const nights = objects((sleepPayload as Row | null)?.nights);
  const recharges = new Map(objects((rechargePayload as Row | null)?.recharges).map((r) => [String(r.date), r as unknown as PolarNightlyRecharge]));
  return nights
    .map((night) => mapPolarSleep(night as unknown as PolarSleep, recharges.get(String(night.date)) ?? null))
    .filter((records) => Object.keys(records).length > 0);
}

/** GET /v3/users/continuous-heart-rate?from&to `{heart_rates}`. */
export function mapPolarHeartRateDays(payload: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const day of objects((payload as Row | null)?.heart_rates)) {
    mergeRecords(out, mapPolarContinuousHeartRate(day as unknown as PolarContinuousHeartRate));
  }
  return out;
}
