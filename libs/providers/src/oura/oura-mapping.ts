import { formatDuration, MAX_DISTANCE_M, MAX_DURATION_SECONDS, ProviderRecords } from '@strive/domain';
import { heartRateOrNull, isRecord, quantityOrNull, round, stringOrNull } from '../shared/payload-reading';
import { instantText, offsetToInstant } from '../shared/vendor-time';

/**
 * Oura API v2 documents (GET /v2/usercollection/<type>), the fields Strive reads. `day` is the
 * person's local date; date-times carry the local offset ("2026-11-20T07:12:00.000+01:00");
 * durations are seconds, distances metres, energy kcal.
 */
export interface OuraDailyActivity {
  readonly id: string;
  readonly day: string;
  readonly steps: number;
  readonly equivalent_walking_distance: number;
  readonly total_calories: number;
  readonly active_calories?: number;
  readonly high_activity_time?: number;
  readonly medium_activity_time?: number;
  readonly low_activity_time?: number;
  readonly timestamp?: string;
}

export interface OuraWorkout {
  readonly id: string;
  /** walking, running, cycling, strength_training, ... */
  readonly activity: string;
  readonly calories?: number | null;
  readonly day: string;
  readonly distance?: number | null;
  readonly start_datetime: string;
  readonly end_datetime: string;
  readonly intensity?: 'easy' | 'moderate' | 'hard';
  readonly label?: string | null;
  /** manual, autodetected, confirmed, workout_heart_rate. */
  readonly source?: string;
}

export interface OuraSleep {
  readonly id: string;
  readonly day: string;
  readonly bedtime_start: string;
  readonly bedtime_end: string;
  /** long_sleep, sleep, late_nap, rest, deleted. */
  readonly type?: string;
  readonly total_sleep_duration?: number | null;
  readonly awake_time?: number | null;
  readonly light_sleep_duration?: number | null;
  readonly deep_sleep_duration?: number | null;
  readonly rem_sleep_duration?: number | null;
  readonly efficiency?: number | null;
  readonly average_heart_rate?: number | null;
  readonly lowest_heart_rate?: number | null;
  readonly average_hrv?: number | null;
  readonly average_breath?: number | null;
  /** One character per 5 minutes from bedtime_start: 1 deep, 2 light, 3 REM, 4 awake. */
  readonly sleep_phase_5_min?: string | null;
}

export interface OuraDailySleep {
  readonly id: string;
  readonly day: string;
  readonly score?: number | null;
}

export interface OuraHeartRate {
  readonly bpm: number;
  /** awake, rest, sleep, session, live, workout. */
  readonly source?: string;
  readonly timestamp: string;
}

const ACTIVITIES: Readonly<Record<string, string>> = {
  walking: 'WALKING', running: 'RUNNING', cycling: 'CYCLING', swimming: 'SWIMMING', hiking: 'HIKING',
  strength_training: 'STRENGTH_TRAINING', weight_training: 'STRENGTH_TRAINING', hiit: 'HIIT', crossfit: 'CROSSFIT',
  yoga: 'YOGA', pilates: 'PILATES', dancing: 'DANCE', rowing: 'ROWING', elliptical: 'ELLIPTICAL', stair_exercise: 'STAIR_CLIMBING',
  cross_country_skiing: 'CROSS_COUNTRY_SKIING', downhill_skiing: 'SKIING', snowboarding: 'SNOWBOARDING', skating: 'SKATING',
  tennis: 'TENNIS', squash: 'SQUASH', badminton: 'BADMINTON', table_tennis: 'TABLE_TENNIS', soccer: 'SOCCER', basketball: 'BASKETBALL',
  volleyball: 'VOLLEYBALL', golf: 'GOLF', martial_arts: 'MARTIAL_ARTS', boxing: 'BOXING', climbing: 'CLIMBING', paddling: 'PADDLING',
  surfing: 'SURFING', meditation: 'MEDITATION',
};

export function ouraActivityType(activity: string | null): string {
  return (activity && ACTIVITIES[activity.trim().toLowerCase()]) ?? 'OTHER';
}

const seconds = (value: unknown) => {
  const n = quantityOrNull(value);
  return n === null || n > MAX_DURATION_SECONDS ? null : formatDuration(n);
};
const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** daily_activity -> daily_summary: equivalent_walking_distance (m), active time as high + medium + low activity time. */
export function mapOuraDailyActivity(documents: readonly unknown[]): ProviderRecords {
  const summaries: Record<string, unknown>[] = [];
  for (const doc of documents) {
    if (!isRecord(doc) || !isDay(doc.day)) continue;
    const active = ['high_activity_time', 'medium_activity_time', 'low_activity_time'].reduce((sum, key) => sum + (quantityOrNull(doc[key]) ?? 0), 0);
    summaries.push({
      // One document per day: the day identifies it (Oura's id changes when the day is recomputed).
      external_id: `daily-${doc.day}`,
      date: doc.day,
      distance: Math.min(quantityOrNull(doc.equivalent_walking_distance) ?? 0, MAX_DISTANCE_M),
      steps: Math.round(quantityOrNull(doc.steps) ?? 0),
      calories: quantityOrNull(doc.total_calories) ?? 0,
      active_duration: formatDuration(Math.min(active, 86_400)),
      floors: null,
    });
  }
  return { daily_summary: summaries };
}

/** workout -> workout: start and end with their offsets, the duration between them. */
export function mapOuraWorkouts(documents: readonly unknown[]): ProviderRecords {
  const workouts: Record<string, unknown>[] = [];
  for (const doc of documents) {
    if (!isRecord(doc)) continue;
    const id = stringOrNull(doc.id);
    const start = typeof doc.start_datetime === 'string' ? offsetToInstant(doc.start_datetime) : null;
    const end = typeof doc.end_datetime === 'string' ? offsetToInstant(doc.end_datetime) : null;
    if (id === null || start === null || end === null) continue;
    const duration = (Date.parse(end) - Date.parse(start)) / 1000;
    const distance = quantityOrNull(doc.distance) ?? 0;
    if (duration < 0 || duration > MAX_DURATION_SECONDS || distance > MAX_DISTANCE_M) continue;
    const label = stringOrNull(doc.label);
    workouts.push({
      external_id: `workout-${id}`,
      timestamp: start,
      duration: formatDuration(duration),
      type: ouraActivityType(stringOrNull(doc.activity)),
      is_manual: typeof doc.source === 'string' ? doc.source === 'manual' : null,
      name: label === null ? null : label.slice(0, 200),
      distance: round(distance, 1),
      steps: null,
      calories: quantityOrNull(doc.calories),
      elevation_gain: null,
      heart_rate_summary: null,
    });
  }
  return { workout: workouts };
}

const PHASES: Readonly<Record<string, string>> = { '1': 'DEEP', '2': 'LIGHT', '3': 'REM', '4': 'AWAKE' };

/**
 * sleep (+ the daily_sleep score of its day, for the main sleep) -> sleep_summary, the stages of
 * sleep_phase_5_min as sleep_detail (runs of one phase joined), and the night's lowest heart rate
 * and average HRV as the day's heartrate_summary (Oura's resting heart rate). Deleted periods are
 * left out.
 */
export function mapOuraSleep(documents: readonly unknown[], dailySleep: readonly unknown[] = []): ProviderRecords {
  const scores = new Map<string, number>();
  for (const doc of dailySleep) {
    const score = isRecord(doc) && isDay(doc.day) ? quantityOrNull(doc.score) : null;
    if (score !== null && score <= 100) scores.set((doc as { day: string }).day, score);
  }
  const summaries: Record<string, unknown>[] = [];
  const details: Record<string, unknown>[] = [];
  const hearts: Record<string, unknown>[] = [];
  for (const doc of documents) {
    if (!isRecord(doc) || doc.type === 'deleted') continue;
    const id = stringOrNull(doc.id);
    const start = typeof doc.bedtime_start === 'string' ? offsetToInstant(doc.bedtime_start) : null;
    const end = typeof doc.bedtime_end === 'string' ? offsetToInstant(doc.bedtime_end) : null;
    if (id === null || start === null || end === null || Date.parse(end) < Date.parse(start) || Date.parse(end) - Date.parse(start) > MAX_DURATION_SECONDS * 1000) continue;
    const main = doc.type === 'long_sleep';
    const hrv = quantityOrNull(doc.average_hrv);
    const breath = quantityOrNull(doc.average_breath);
    const efficiency = quantityOrNull(doc.efficiency);
    summaries.push({
      external_id: `sleep-${id}`,
      start_time: start,
      end_time: end,
      total_sleep_duration: seconds(doc.total_sleep_duration),
      awake_duration: seconds(doc.awake_time),
      light_duration: seconds(doc.light_sleep_duration),
      deep_duration: seconds(doc.deep_sleep_duration),
      rem_duration: seconds(doc.rem_sleep_duration),
      sleep_score: main && isDay(doc.day) ? scores.get(doc.day) ?? null : null,
      efficiency: efficiency === null ? null : Math.min(efficiency, 100),
      average_heart_rate: heartRateOrNull(doc.average_heart_rate),
      lowest_heart_rate: heartRateOrNull(doc.lowest_heart_rate),
      average_hrv: hrv === null || hrv > 1000 ? null : hrv,
      respiratory_rate: breath === null || breath > 100 ? null : breath,
    });
    const phases = typeof doc.sleep_phase_5_min === 'string' ? doc.sleep_phase_5_min : '';
    const startMs = Date.parse(start);
    for (let i = 0; i < phases.length && i < 2016; ) {
      let j = i;
      while (j < phases.length && phases[j] === phases[i]) j++;
      details.push({
        external_id: `sleep-${id}-${i}`,
        start_time: instantText(startMs + i * 300_000),
        end_time: instantText(Math.min(startMs + j * 300_000, Date.parse(end))),
        stage: PHASES[phases[i]] ?? 'UNKNOWN',
      });
      i = j;
    }
    const resting = heartRateOrNull(doc.lowest_heart_rate);
    if (main && isDay(doc.day) && resting !== null) {
      hearts.push({ external_id: `heart-${doc.day}`, date: doc.day, resting, average: null, min: null, max: null, hrv_rmssd: hrv === null || hrv > 1000 ? null : hrv });
    }
  }
  return { sleep_summary: summaries, sleep_detail: details, heartrate_summary: hearts };
}

/**
 * heartrate samples -> one heartrate_sample per UTC hour (its min, mean and max, and the
 * samples). Callers pass whole hours, so a record is never stored from part of its hour.
 */
export function mapOuraHeartRate(samples: readonly unknown[]): ProviderRecords {
  const hours = new Map<number, { timestamp: string; bpm: number }[]>();
  for (const sample of samples) {
    if (!isRecord(sample) || typeof sample.timestamp !== 'string') continue;
    const at = offsetToInstant(sample.timestamp);
    const bpm = heartRateOrNull(sample.bpm);
    if (at === null || bpm === null) continue;
    const hour = Math.floor(Date.parse(at) / 3_600_000);
    const list = hours.get(hour) ?? [];
    list.push({ timestamp: at, bpm });
    hours.set(hour, list);
  }
  const records: Record<string, unknown>[] = [];
  for (const [hour, list] of [...hours].sort(([a], [b]) => a - b)) {
    const values = list.map((s) => s.bpm);
    const start = instantText(hour * 3_600_000);
    records.push({
      external_id: `heartrate-${start}`,
      start_time: start,
      end_time: instantText((hour + 1) * 3_600_000),
      average: round(values.reduce((a, b) => a + b, 0) / values.length, 1),
      min: Math.min(...values),
      max: Math.max(...values),
      heart_rate_samples: list,
    });
  }
  return { heartrate_sample: records };
}
