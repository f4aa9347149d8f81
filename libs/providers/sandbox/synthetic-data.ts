import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';

/**
 * Deterministic, plausible data for a sandbox user: the same vendor, user and day always give
 * the same numbers, so a test can reconnect and see the same records, and a person trying the
 * sandbox sees a believable month (a run most mornings, seven hours of sleep, 8,000 steps).
 */
export type WorkoutKind = 'run' | 'ride' | 'walk' | 'swim' | 'hike' | 'yoga' | 'strength';

export interface SyntheticWorkout {
  /** Stable numeric id, unique per vendor user. */
  readonly id: number;
  readonly kind: WorkoutKind;
  readonly name: string;
  readonly start: DateTime;
  readonly elapsedSeconds: number;
  /** Time in motion (Strava's moving_time): elapsed minus pauses. */
  readonly movingSeconds: number;
  readonly distanceMeters: number;
  readonly calories: number;
  /** Mechanical work of a ride (Strava's kilojoules), null for other kinds. */
  readonly kilojoules: number | null;
  readonly steps: number | null;
  readonly averageHeartRate: number;
  readonly maxHeartRate: number;
  readonly elevationGain: number;
  readonly manual: boolean;
}

export type SleepStage = 'wake' | 'light' | 'deep' | 'rem';

export interface SyntheticSleep {
  readonly start: DateTime;
  readonly end: DateTime;
  /** Consecutive stages from start to end, each a multiple of 5 minutes. */
  readonly stages: readonly { readonly stage: SleepStage; readonly start: DateTime; readonly seconds: number }[];
  readonly seconds: Readonly<Record<SleepStage, number>>;
  readonly efficiency: number;
  readonly score: number;
  readonly averageHeartRate: number;
  readonly lowestHeartRate: number;
  readonly averageHrv: number;
  readonly breathsPerMinute: number;
}

export interface SyntheticDay {
  /** Local calendar date (YYYY-MM-DD) in the user's zone. */
  readonly date: string;
  readonly zone: string;
  readonly steps: number;
  readonly distanceMeters: number;
  readonly caloriesOut: number;
  readonly activityCalories: number;
  readonly floors: number;
  readonly minutes: { readonly sedentary: number; readonly lightly: number; readonly fairly: number; readonly very: number };
  readonly restingHeartRate: number;
  readonly weightKg: number;
  readonly heightMeters: number;
  /** The night that ended on this date's morning. */
  readonly sleep: SyntheticSleep;
  readonly workouts: readonly SyntheticWorkout[];
}

const ZONES = ['Europe/Amsterdam', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo', 'Australia/Sydney', 'UTC'];

function hash(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** A small seeded generator (mulberry32): numbers in [0, 1). */
function random(seed: string): () => number {
  let state = hash(seed).readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (next: () => number, low: number, high: number) => low + (high - low) * next();
const whole = (next: () => number, low: number, high: number) => Math.round(between(next, low, high));

/** The user's home zone (picked once per user, so the synthetic person does not travel). */
export function userZone(vendor: string, userId: string): string {
  return ZONES[hash(`${vendor}|${userId}|zone`).readUInt32LE(0) % ZONES.length];
}

const WORKOUTS: Record<WorkoutKind, { name: string; speed: [number, number]; minutes: [number, number]; kcalPerMin: number; hr: [number, number]; steps: boolean }> = {
  run: { name: 'Morning Run', speed: [2.6, 3.6], minutes: [25, 70], kcalPerMin: 11, hr: [138, 165], steps: true },
  ride: { name: 'Afternoon Ride', speed: [6, 9], minutes: [40, 150], kcalPerMin: 9, hr: [125, 150], steps: false },
  walk: { name: 'Lunch Walk', speed: [1.2, 1.6], minutes: [20, 60], kcalPerMin: 4.5, hr: [90, 110], steps: true },
  swim: { name: 'Pool Swim', speed: [0.6, 0.9], minutes: [25, 50], kcalPerMin: 9, hr: [120, 145], steps: false },
  hike: { name: 'Weekend Hike', speed: [1.0, 1.4], minutes: [90, 240], kcalPerMin: 6.5, hr: [105, 130], steps: true },
  yoga: { name: 'Evening Yoga', speed: [0, 0], minutes: [30, 60], kcalPerMin: 3.5, hr: [80, 100], steps: false },
  strength: { name: 'Gym Session', speed: [0, 0], minutes: [35, 75], kcalPerMin: 6, hr: [105, 130], steps: false },
};
const KINDS = Object.keys(WORKOUTS) as WorkoutKind[];

function workout(vendor: string, userId: string, date: DateTime, index: number, next: () => number): SyntheticWorkout {
  const kind = KINDS[Math.floor(next() * KINDS.length)];
  const spec = WORKOUTS[kind];
  const hour = index === 0 ? between(next, 6.5, 8) : between(next, 17.5, 19);
  const start = date.set({ hour: Math.floor(hour), minute: Math.floor((hour % 1) * 60), second: whole(next, 0, 59) });
  const movingSeconds = whole(next, spec.minutes[0], spec.minutes[1]) * 60;
  const elapsedSeconds = movingSeconds + (spec.speed[1] > 0 ? whole(next, 0, 600) : 0);
  const distanceMeters = Math.round(movingSeconds * between(next, spec.speed[0], spec.speed[1]) * 10) / 10;
  const averageHeartRate = whole(next, spec.hr[0], spec.hr[1]);
  const calories = Math.round((movingSeconds / 60) * spec.kcalPerMin * between(next, 0.85, 1.15));
  const userNumber = hash(`${vendor}|${userId}`).readUInt32LE(0) % 100_000;
  const days = Math.floor(date.toUTC().startOf('day').toSeconds() / 86_400);
  return {
    id: userNumber * 1_000_000 + days * 10 + index,
    kind,
    name: spec.name,
    start,
    elapsedSeconds,
    movingSeconds,
    distanceMeters,
    calories,
    // A rider's mechanical work: about a quarter of the energy spent (kJ of work ~ kcal burned).
    kilojoules: kind === 'ride' ? Math.round(calories * 0.98 * 10) / 10 : null,
    steps: spec.steps ? Math.round(distanceMeters / between(next, 0.7, 1.1)) : null,
    averageHeartRate,
    maxHeartRate: averageHeartRate + whole(next, 12, 25),
    elevationGain: spec.speed[1] > 0 && kind !== 'swim' ? whole(next, 5, kind === 'hike' ? 600 : 250) : 0,
    manual: next() < 0.05,
  };
}

function sleep(date: DateTime, next: () => number): SyntheticSleep {
  const start = date.minus({ days: 1 }).set({ hour: 22, minute: 0, second: 0 }).plus({ minutes: 5 * whole(next, 0, 30) });
  const cycle: SleepStage[] = ['light', 'deep', 'light', 'rem'];
  const stages: { stage: SleepStage; start: DateTime; seconds: number }[] = [];
  const seconds: Record<SleepStage, number> = { wake: 0, light: 0, deep: 0, rem: 0 };
  const totalBlocks = whole(next, 78, 102); // 6.5 to 8.5 hours of 5-minute blocks
  let at = start;
  let blocks = 0;
  let position = 0;
  const push = (stage: SleepStage, length: number) => {
    stages.push({ stage, start: at, seconds: length * 300 });
    seconds[stage] += length * 300;
    at = at.plus({ seconds: length * 300 });
    blocks += length;
  };
  push('wake', whole(next, 1, 4));
  while (blocks < totalBlocks) {
    const stage = next() < 0.08 ? 'wake' : cycle[position++ % cycle.length];
    push(stage, Math.min(totalBlocks - blocks, stage === 'wake' ? 1 : whole(next, 2, 9)));
  }
  const asleep = seconds.light + seconds.deep + seconds.rem;
  const lowestHeartRate = whole(next, 44, 56);
  return {
    start,
    end: at,
    stages,
    seconds,
    efficiency: Math.round((asleep / (asleep + seconds.wake)) * 100),
    score: whole(next, 62, 94),
    averageHeartRate: lowestHeartRate + whole(next, 4, 9),
    lowestHeartRate,
    averageHrv: whole(next, 28, 75),
    breathsPerMinute: Math.round(between(next, 12.5, 16.5) * 10) / 10,
  };
}

/** Days already made (time zone arithmetic is the slow part); cleared when full, so bounded. */
const DAYS = new Map<string, SyntheticDay>();
const MAX_CACHED_DAYS = 20_000;

export function syntheticDay(vendor: string, userId: string, date: string): SyntheticDay {
  const key = `${vendor}|${userId}|${date}`;
  let day = DAYS.get(key);
  if (!day) {
    if (DAYS.size >= MAX_CACHED_DAYS) DAYS.clear();
    DAYS.set(key, (day = makeDay(vendor, userId, date)));
  }
  return day;
}

function makeDay(vendor: string, userId: string, date: string): SyntheticDay {
  const zone = userZone(vendor, userId);
  const next = random(`${vendor}|${userId}|${date}`);
  const day = DateTime.fromISO(date, { zone }).startOf('day');
  const count = next() < 0.35 ? 0 : next() < 0.85 ? 1 : 2;
  const workouts = Array.from({ length: count }, (_, i) => workout(vendor, userId, day, i, next));
  const walkingSteps = whole(next, 3500, 11000);
  const steps = walkingSteps + workouts.reduce((sum, w) => sum + (w.steps ?? 0), 0);
  const fairly = whole(next, 5, 40);
  const very = workouts.reduce((sum, w) => sum + Math.round(w.movingSeconds / 60), 0);
  const lightly = whole(next, 120, 300);
  const activityCalories = Math.round(lightly * 2.2 + fairly * 5 + workouts.reduce((sum, w) => sum + w.calories, 0));
  const userRandom = random(`${vendor}|${userId}|body`);
  const baseWeight = between(userRandom, 55, 95);
  const heightMeters = Math.round(between(userRandom, 1.58, 1.95) * 100) / 100;
  return {
    date,
    zone,
    steps,
    distanceMeters: Math.round(walkingSteps * 0.76 + workouts.reduce((sum, w) => sum + (w.steps ? w.distanceMeters : 0), 0)),
    caloriesOut: Math.round(1450 + baseWeight * 6 + activityCalories),
    activityCalories,
    floors: whole(next, 0, 25),
    minutes: { sedentary: 1440 - lightly - fairly - very - 480, lightly, fairly, very },
    restingHeartRate: whole(next, 50, 64),
    weightKg: Math.round((baseWeight + between(next, -0.6, 0.6)) * 10) / 10,
    heightMeters,
    sleep: sleep(day, next),
    workouts,
  };
}

/** The local dates from `from` to `to` (inclusive, YYYY-MM-DD) that have ended for the user: data exists only for past days. */
export function pastDates(vendor: string, userId: string, from: string, to: string, now: Date): string[] {
  const zone = userZone(vendor, userId);
  const today = DateTime.fromJSDate(now, { zone }).toISODate() as string;
  const dates: string[] = [];
  let day = DateTime.fromISO(from, { zone: 'utc' });
  const last = to < today ? to : (DateTime.fromISO(today, { zone: 'utc' }).minus({ days: 1 }).toISODate() as string);
  // Bounded: a sandbox request never walks more than 5 years.
  for (let i = 0; i < 1830 && (day.toISODate() as string) <= last; i++) {
    dates.push(day.toISODate() as string);
    day = day.plus({ days: 1 });
  }
  return dates;
}

/** Heart rate every 5 minutes over a day: lower at night, raised during workouts. */
const SAMPLES = new Map<string, { at: DateTime; bpm: number }[]>();

export function heartRateSamples(vendor: string, userId: string, date: string): { at: DateTime; bpm: number }[] {
  const key = `${vendor}|${userId}|${date}`;
  let samples = SAMPLES.get(key);
  if (!samples) {
    if (SAMPLES.size >= MAX_CACHED_DAYS / 10) SAMPLES.clear();
    SAMPLES.set(key, (samples = makeSamples(vendor, userId, date)));
  }
  return samples;
}

function makeSamples(vendor: string, userId: string, date: string): { at: DateTime; bpm: number }[] {
  const day = syntheticDay(vendor, userId, date);
  const next = random(`${vendor}|${userId}|${date}|hr`);
  const start = DateTime.fromISO(date, { zone: day.zone }).startOf('day');
  const samples: { at: DateTime; bpm: number }[] = [];
  // Until the next local midnight: a day of a summer-time change has 23 or 25 hours.
  const end = start.plus({ days: 1 }).toMillis();
  const workouts = day.workouts.map((w) => ({ from: w.start.toMillis(), to: w.start.toMillis() + w.elapsedSeconds * 1000, bpm: w.averageHeartRate }));
  for (let ms = start.toMillis(); ms < end; ms += 300_000) {
    const at = DateTime.fromMillis(ms, { zone: day.zone });
    const inWorkout = workouts.find((w) => ms >= w.from && ms < w.to);
    const night = at.hour < 6 || at.hour >= 23;
    const base = inWorkout ? inWorkout.bpm : night ? day.restingHeartRate + 2 : day.restingHeartRate + 18;
    samples.push({ at, bpm: Math.round(base + between(next, -6, 6)) });
  }
  return samples;
}
