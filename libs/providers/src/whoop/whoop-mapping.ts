import { formatDuration, ProviderRecords } from '@strive/domain';
import { mergeRecords, RecordRow } from '../provider-records';
import { isRecord, numberOrNull } from '../shared/payload-reading';

/**
 * WHOOP API v2 payloads -> Strive upload records. WHOOP's quirks: energy in kilojoules
 * (kcal = kJ / 4.184); durations in milliseconds; a "cycle" is the physiological day from one
 * wake-up to the next, placed by `start` (UTC) and `timezone_offset` (`-05:00`), which gives
 * the person's local date; only `score_state: SCORED` items carry a score. WHOOP counts no
 * steps and no daily distance: a cycle's daily summary has 0 for both.
 */
const KJ_PER_KCAL = 4.184;
type Row = RecordRow;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const OFFSET = /^([+-])(\d{2}):?(\d{2})$/;

/** The local calendar date of an instant at a `±hh:mm` offset; null when unreadable. */
export function whoopLocalDate(start: string, timezoneOffset: string): string | null {
  const at = Date.parse(start);
  const match = OFFSET.exec(timezoneOffset);
  if (Number.isNaN(at) || !match) return null;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  return new Date(at + minutes * 60_000).toISOString().slice(0, 10);
}

const kcal = (kilojoule: unknown) => (isNumber(kilojoule) && kilojoule >= 0 ? Math.round((kilojoule / KJ_PER_KCAL) * 10) / 10 : null);
const instant = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null);
const scored = (item: Row): Row | null => (item.score_state === 'SCORED' && isRecord(item.score) ? item.score : null);

/**
 * A cycle with its recovery (same `cycle_id`, when WHOOP has scored one): the day's energy
 * (daily_summary), its heart rate with the morning's resting rate and HRV (heartrate_summary),
 * and the recovery's SpO2 and skin temperature (biometric_measurement at the cycle's start).
 */
export function mapWhoopCycle(cycle: Row, recovery: Row | null): ProviderRecords {
  const score = scored(cycle);
  const start = instant(cycle.start);
  const date = start && typeof cycle.timezone_offset === 'string' ? whoopLocalDate(start, cycle.timezone_offset) : null;
  if (!score || !start || !date) return {};
  const id = String(cycle.id);
  const recoveryScore = recovery ? scored(recovery) : null;
  const out: Record<string, Row[]> = {
    daily_summary: [{
      external_id: id,
      date,
      distance: 0,
      steps: 0,
      calories: kcal(score.kilojoule) ?? 0,
      heart_rate_summary: { resting: numberOrNull(recoveryScore?.resting_heart_rate), average: numberOrNull(score.average_heart_rate), max: numberOrNull(score.max_heart_rate) },
    }],
    heartrate_summary: [{
      external_id: id,
      date,
      resting: numberOrNull(recoveryScore?.resting_heart_rate),
      average: numberOrNull(score.average_heart_rate),
      max: numberOrNull(score.max_heart_rate),
      hrv_rmssd: numberOrNull(recoveryScore?.hrv_rmssd_milli),
    }],
  };
  const measurements: [string, number | null][] = [
    ['SPO2', numberOrNull(recoveryScore?.spo2_percentage)],
    ['SKIN_TEMPERATURE', numberOrNull(recoveryScore?.skin_temp_celsius)],
  ];
  for (const [type, value] of measurements) {
    if (value !== null) (out.biometric_measurement ??= []).push({ external_id: `${id}:${type}`, timestamp: start, measurement_type: type, value });
  }
  return out;
}

/** A sleep (naps included): its summary; stage times are milliseconds. */
export function mapWhoopSleep(sleep: Row): ProviderRecords {
  const score = scored(sleep);
  const start = instant(sleep.start);
  const end = instant(sleep.end);
  if (!score || !start || !end || typeof sleep.id !== 'string') return {};
  const stages = isRecord(score.stage_summary) ? score.stage_summary : {};
  const seconds = (milli: unknown) => (isNumber(milli) && milli >= 0 ? milli / 1000 : null);
  const light = seconds(stages.total_light_sleep_time_milli);
  const deep = seconds(stages.total_slow_wave_sleep_time_milli);
  const rem = seconds(stages.total_rem_sleep_time_milli);
  const asleep = light === null && deep === null && rem === null ? null : (light ?? 0) + (deep ?? 0) + (rem ?? 0);
  const duration = (value: number | null) => (value === null ? null : formatDuration(value));
  return {
    sleep_summary: [{
      external_id: sleep.id,
      start_time: start,
      end_time: end,
      total_sleep_duration: duration(asleep),
      awake_duration: duration(seconds(stages.total_awake_time_milli)),
      light_duration: duration(light),
      deep_duration: duration(deep),
      rem_duration: duration(rem),
      sleep_score: numberOrNull(score.sleep_performance_percentage),
      efficiency: numberOrNull(score.sleep_efficiency_percentage),
      respiratory_rate: numberOrNull(score.respiratory_rate),
    }],
  };
}

/** WHOOP sport names (v2 `sport_name`) -> Strive activity types; others are OTHER. */
const SPORTS: Readonly<Record<string, string>> = {
  running: 'RUNNING', 'track & field': 'RUNNING', cycling: 'CYCLING', 'mountain biking': 'MOUNTAIN_BIKING', spin: 'INDOOR_CYCLING',
  swimming: 'SWIMMING', walking: 'WALKING', hiking: 'HIKING', 'hiking/rucking': 'HIKING', rowing: 'ROWING', elliptical: 'ELLIPTICAL',
  stairmaster: 'STAIR_CLIMBING', weightlifting: 'STRENGTH_TRAINING', 'functional fitness': 'CROSSFIT', hiit: 'HIIT', yoga: 'YOGA',
  pilates: 'PILATES', dance: 'DANCE', skiing: 'SKIING', 'cross country skiing': 'CROSS_COUNTRY_SKIING', snowboarding: 'SNOWBOARDING',
  tennis: 'TENNIS', squash: 'SQUASH', badminton: 'BADMINTON', 'table tennis': 'TABLE_TENNIS', soccer: 'SOCCER', basketball: 'BASKETBALL',
  volleyball: 'VOLLEYBALL', golf: 'GOLF', boxing: 'BOXING', 'martial arts': 'MARTIAL_ARTS', 'rock climbing': 'CLIMBING', climber: 'CLIMBING',
  paddleboarding: 'PADDLING', kayaking: 'PADDLING', surfing: 'SURFING', meditation: 'MEDITATION',
};

export function whoopSportType(sportName: unknown): string {
  return (typeof sportName === 'string' && SPORTS[sportName.toLowerCase()]) || 'OTHER';
}

/** A workout: energy from kJ, distance and ascent in metres. */
export function mapWhoopWorkout(workout: Row): ProviderRecords {
  const score = scored(workout);
  const start = instant(workout.start);
  const end = instant(workout.end);
  if (!score || !start || !end || typeof workout.id !== 'string' || Date.parse(end) < Date.parse(start)) return {};
  const average = numberOrNull(score.average_heart_rate);
  const max = numberOrNull(score.max_heart_rate);
  return {
    workout: [{
      external_id: workout.id,
      timestamp: start,
      duration: formatDuration((Date.parse(end) - Date.parse(start)) / 1000),
      type: whoopSportType(workout.sport_name),
      distance: numberOrNull(score.distance_meter) ?? 0,
      calories: kcal(score.kilojoule),
      elevation_gain: numberOrNull(score.altitude_gain_meter),
      heart_rate_summary: average !== null || max !== null ? { average, max } : null,
    }],
  };
}

/** The body measurement (no time of its own at WHOOP): a biometric at the moment it was read. */
export function mapWhoopBody(body: unknown, readAt: Date, userId: string): ProviderRecords {
  if (!isRecord(body)) return {};
  const weight = numberOrNull(body.weight_kilogram);
  const height = numberOrNull(body.height_meter);
  if ((weight ?? 0) <= 0 && (height ?? 0) <= 0) return {};
  // One record per person and day: re-reading the same day updates it.
  const day = readAt.toISOString().slice(0, 10);
  return { biometric: [{ external_id: `${userId}:${day}`, timestamp: readAt.toISOString(), weight: weight && weight > 0 ? weight : null, height: height && height > 0 ? height : null }] };
}

const records = (payload: unknown): Row[] => (isRecord(payload) && Array.isArray(payload.records) ? payload.records.filter(isRecord) : []);

/** A page of cycles with the recoveries read for them, matched by cycle id. */
export function mapWhoopCycles(cyclePage: unknown, recoveryPage: unknown): ProviderRecords {
  const recoveries = new Map(records(recoveryPage).map((recovery) => [String(recovery.cycle_id), recovery]));
  const out: Record<string, Row[]> = {};
  for (const cycle of records(cyclePage)) mergeRecords(out, mapWhoopCycle(cycle, recoveries.get(String(cycle.id)) ?? null));
  return out;
}

export function mapWhoopSleeps(page: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const sleep of records(page)) mergeRecords(out, mapWhoopSleep(sleep));
  return out;
}

export function mapWhoopWorkouts(page: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  for (const workout of records(page)) mergeRecords(out, mapWhoopWorkout(workout));
  return out;
}
