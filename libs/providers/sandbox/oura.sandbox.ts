import { createHmac, randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { sandboxCredentials } from '@strive/providers';
import type { OuraDailyActivity, OuraDailySleep, OuraHeartRate, OuraSleep, OuraWorkout } from '../src/oura/oura-mapping';
import { SandboxAnswer, SandboxDataRequest, SandboxVendor } from './sandbox-vendor';
import { heartRateSamples, pastDates, SyntheticDay, syntheticDay, SyntheticWorkout, userZone, WorkoutKind } from './synthetic-data';

const V = 'oura';
/** Documents per page of a daily collection, samples per page of heart rate: small, so pagination shows. */
const PAGE_SIZE = 10;
const HEART_RATE_PAGE_SIZE = 100;
const ACTIVITY: Record<WorkoutKind, string> = { run: 'running', ride: 'cycling', walk: 'walking', swim: 'swimming', hike: 'hiking', yoga: 'yoga', strength: 'strength_training' };
const PHASE = { deep: '1', light: '2', rem: '3', wake: '4' } as const;
const WITH_OFFSET = "yyyy-MM-dd'T'HH:mm:ss.SSSZZ";

function documentId(kind: string, user: string, key: string | number): string {
  const hex = createHmac('sha256', 'oura-sandbox').update(`${kind}|${user}|${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function ouraDailyActivity(user: string, day: SyntheticDay): OuraDailyActivity & Record<string, unknown> {
  const midnight = DateTime.fromISO(day.date, { zone: day.zone }).set({ hour: 4 });
  return {
    id: documentId('daily_activity', user, day.date),
    class_5_min: null,
    score: 70 + (day.steps % 25),
    active_calories: day.activityCalories,
    average_met_minutes: 1.6,
    contributors: { meet_daily_targets: 60, move_every_hour: 95, recovery_time: 100, stay_active: 78, training_frequency: 80, training_volume: 85 },
    equivalent_walking_distance: day.distanceMeters,
    high_activity_met_minutes: day.minutes.very * 7,
    high_activity_time: day.minutes.very * 60,
    inactivity_alerts: 1,
    low_activity_met_minutes: day.minutes.lightly * 2,
    low_activity_time: day.minutes.lightly * 60,
    medium_activity_met_minutes: day.minutes.fairly * 4,
    medium_activity_time: day.minutes.fairly * 60,
    met: { interval: 60, items: [], timestamp: midnight.toFormat(WITH_OFFSET) },
    meters_to_target: Math.max(0, 10_000 - day.distanceMeters),
    non_wear_time: 1200,
    resting_time: 28_800,
    sedentary_met_minutes: 12,
    sedentary_time: day.minutes.sedentary * 60,
    steps: day.steps,
    target_calories: 500,
    target_meters: 10_000,
    total_calories: day.caloriesOut,
    day: day.date,
    timestamp: midnight.toFormat(WITH_OFFSET),
  };
}

function ouraWorkout(user: string, day: SyntheticDay, workout: SyntheticWorkout): OuraWorkout & Record<string, unknown> {
  return {
    id: documentId('workout', user, workout.id),
    activity: ACTIVITY[workout.kind],
    calories: workout.calories,
    day: day.date,
    distance: workout.distanceMeters > 0 ? workout.distanceMeters : null,
    end_datetime: workout.start.plus({ seconds: workout.elapsedSeconds }).toFormat(WITH_OFFSET),
    intensity: workout.averageHeartRate > 140 ? 'hard' : workout.averageHeartRate > 110 ? 'moderate' : 'easy',
    label: null,
    source: workout.manual ? 'manual' : 'autodetected',
    start_datetime: workout.start.toFormat(WITH_OFFSET),
  };
}

function ouraSleep(user: string, day: SyntheticDay): OuraSleep & Record<string, unknown> {
  const { sleep } = day;
  const phases = sleep.stages.map((s) => PHASE[s.stage].repeat(s.seconds / 300)).join('');
  const asleep = sleep.seconds.light + sleep.seconds.deep + sleep.seconds.rem;
  return {
    id: documentId('sleep', user, day.date),
    average_breath: sleep.breathsPerMinute,
    average_heart_rate: sleep.averageHeartRate,
    average_hrv: sleep.averageHrv,
    awake_time: sleep.seconds.wake,
    bedtime_end: sleep.end.toFormat(WITH_OFFSET),
    bedtime_start: sleep.start.toFormat(WITH_OFFSET),
    day: day.date,
    deep_sleep_duration: sleep.seconds.deep,
    efficiency: sleep.efficiency,
    heart_rate: { interval: 300, items: [], timestamp: sleep.start.toFormat(WITH_OFFSET) },
    hrv: { interval: 300, items: [], timestamp: sleep.start.toFormat(WITH_OFFSET) },
    latency: 600,
    light_sleep_duration: sleep.seconds.light,
    low_battery_alert: false,
    lowest_heart_rate: sleep.lowestHeartRate,
    movement_30_sec: null,
    period: 0,
    readiness: null,
    readiness_score_delta: null,
    rem_sleep_duration: sleep.seconds.rem,
    restless_periods: 14,
    sleep_phase_5_min: phases,
    sleep_score_delta: null,
    sleep_algorithm_version: 'v2',
    time_in_bed: asleep + sleep.seconds.wake,
    total_sleep_duration: asleep,
    type: 'long_sleep',
  };
}

function page<T>(items: readonly T[], request: SandboxDataRequest, size: number): SandboxAnswer {
  const token = request.query.get('next_token');
  const offset = token ? Number(Buffer.from(token, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(offset) || offset < 0) return { status: 400, body: { detail: 'invalid next_token' } };
  const next = offset + size < items.length ? Buffer.from(String(offset + size)).toString('base64url') : null;
  return { status: 200, body: { data: items.slice(offset, offset + size), next_token: next } };
}

function dates(request: SandboxDataRequest): string[] | SandboxAnswer {
  const start = request.query.get('start_date') ?? '';
  const end = request.query.get('end_date') ?? DateTime.fromJSDate(request.now, { zone: 'utc' }).toISODate()!;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start) || !/^\d{4}-\d{2}-\d{2}$/.test(end)) return { status: 400, body: { detail: 'start_date and end_date must be dates' } };
  return pastDates(V, request.user.id, start, end, request.now);
}

/** Oura: cloud.ouraring.com/oauth/authorize, api.ouraring.com/oauth/* and /v2/usercollection/* (here under /oura/api). */
export const OURA_SANDBOX: SandboxVendor = {
  slug: V,
  credentials: sandboxCredentials('OURA'),
  clientAuthentication: 'body',
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  revokePath: '/oauth/revoke',
  accessTokenLifetimeSeconds: 86_400,
  newUserId: (sequence) => documentId('user', 'sandbox', sequence),
  // Oura's token answer names no user and, in lower case, its token type.
  tokenFields: () => ({ token_type: 'bearer' }),
  data(request) {
    if (request.method !== 'GET') return null;
    const user = request.user.id;
    const path = request.path.replace(/^\/api/, '');
    if (path === '/v2/usercollection/personal_info') {
      const body = syntheticDay(V, user, '2026-01-01');
      return { status: 200, body: { id: user, age: 36, weight: body.weightKg, height: body.heightMeters, biological_sex: 'female', email: `${user}@sandbox.invalid` } };
    }
    if (path === '/v2/usercollection/heartrate') {
      const start = Date.parse(request.query.get('start_datetime') ?? '');
      const end = Date.parse(request.query.get('end_datetime') ?? '');
      if (Number.isNaN(start) || Number.isNaN(end) || end < start || end - start > 30 * 86_400_000) return { status: 400, body: { detail: 'start_datetime and end_datetime at most 30 days apart' } };
      const zone = userZone(V, user);
      const first = DateTime.fromMillis(start, { zone }).toISODate()!;
      const last = DateTime.fromMillis(end, { zone }).toISODate()!;
      const samples = pastDates(V, user, first, last, request.now)
        .flatMap((date) => heartRateSamples(V, user, date))
        .filter((s) => s.at.toMillis() >= start && s.at.toMillis() < end)
        .map((s): OuraHeartRate => ({ bpm: s.bpm, source: s.at.hour < 6 ? 'sleep' : 'awake', timestamp: s.at.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss'+00:00'") }));
      return page(samples, request, HEART_RATE_PAGE_SIZE);
    }
    const collection = /^\/v2\/usercollection\/(daily_activity|workout|sleep|daily_sleep)$/.exec(path)?.[1];
    if (!collection) return null;
    const days = dates(request);
    if (!Array.isArray(days)) return days;
    const synthetic = days.map((date) => syntheticDay(V, user, date));
    switch (collection) {
      case 'daily_activity':
        return page(synthetic.map((day) => ouraDailyActivity(user, day)), request, PAGE_SIZE);
      case 'workout':
        return page(synthetic.flatMap((day) => day.workouts.map((w) => ouraWorkout(user, day, w))), request, PAGE_SIZE);
      case 'sleep':
        return page(synthetic.map((day) => ouraSleep(user, day)), request, PAGE_SIZE);
      default:
        return page(
          synthetic.map((day): OuraDailySleep & Record<string, unknown> => ({ id: documentId('daily_sleep', user, day.date), contributors: { deep_sleep: 80, efficiency: 90, latency: 85, rem_sleep: 75, restfulness: 70, timing: 90, total_sleep: 85 }, day: day.date, score: day.sleep.score, timestamp: `${day.date}T00:00:00+00:00` })),
          request,
          PAGE_SIZE,
        );
    }
  },
  rateLimitHeaders: (retryAfter) => ({ 'retry-after': String(retryAfter) }),
  unauthorizedBody: () => ({ detail: 'Unauthorized' }),
  webhook(event, now) {
    const { clientSecret, webhookSecret } = this.credentials;
    if (event.kind === 'handshake') {
      const challenge = randomBytes(12).toString('base64url');
      return {
        method: 'GET',
        query: { verification_token: webhookSecret, challenge },
        accepts: (status, body) => {
          try {
            return status === 200 && (JSON.parse(body) as Record<string, unknown>).challenge === challenge;
          } catch {
            return false;
          }
        },
      };
    }
    const user = event.user?.id ?? '';
    const date = event.date ?? DateTime.fromJSDate(now, { zone: 'utc' }).toISODate()!;
    const body = JSON.stringify({ event_type: 'update', data_type: 'sleep', object_id: documentId('sleep', user, date), event_time: `${date}T08:00:00+00:00`, user_id: user });
    const timestamp = String(Math.floor(now.getTime() / 1000));
    return {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-oura-timestamp': timestamp, 'x-oura-signature': createHmac('sha256', clientSecret).update(timestamp + body).digest('hex').toUpperCase() },
      body,
    };
  },
};
