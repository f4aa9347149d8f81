import { createHmac } from 'node:crypto';
import { DateTime, Duration } from 'luxon';
import { sandboxCredentials } from '@strive/providers';
import type { PolarContinuousHeartRate, PolarDailyActivity, PolarExercise, PolarNightlyRecharge, PolarSleep } from '../src/polar/polar-mapping';

/** A payload as the adapter reads it, with the vendor's other fields beside. */
type Payload<T> = T & Record<string, unknown>;
import { SandboxAnswer, SandboxVendor, SandboxWebhook } from './sandbox-vendor';
import { heartRateSamples, pastDates, SyntheticDay, syntheticDay, SyntheticWorkout, userZone, WorkoutKind } from './synthetic-data';

/**
 * Polar AccessLink v3 as the sandbox plays it: flow.polar.com/oauth2/authorization,
 * polarremote.com/v2/oauth2/token (HTTP Basic client authentication; the answer names
 * `x_user_id`; tokens live for years), www.polaraccesslink.com/v3/*. A person must be
 * registered (POST /v3/users) before any data call; DELETE /v3/users/{id} ends the grant.
 * Lists cover the last 28 days (exercises 30), as AccessLink's do.
 */
const SPORT: Record<WorkoutKind, [string, string]> = {
  run: ['RUNNING', 'RUNNING'], ride: ['CYCLING', 'ROAD_BIKING'], walk: ['WALKING', 'WALKING'], swim: ['SWIMMING', 'POOL_SWIMMING'],
  hike: ['OTHER', 'HIKING'], yoga: ['OTHER', 'YOGA'], strength: ['OTHER', 'STRENGTH_TRAINING'],
};
const HYPNOGRAM = { wake: 0, rem: 1, light: 2, deep: 4 } as const;
/** Registered users by the sandbox user id (the sandbox process's memory, like its grants). */
const registered = new Set<string>();

const isoDuration = (seconds: number) => Duration.fromObject({ seconds }).shiftTo('hours', 'minutes', 'seconds').toISO();
const polarUser = (userId: string) => `https://www.polaraccesslink.com/v3/users/${userId}`;

function exercise(userId: string, workout: SyntheticWorkout): Payload<PolarExercise> {
  const [sport, detailed] = SPORT[workout.kind];
  return {
    id: `ex${workout.id.toString(36)}`,
    upload_time: workout.start.plus({ seconds: workout.elapsedSeconds + 300 }).toUTC().toISO({ suppressMilliseconds: true }),
    polar_user: polarUser(userId),
    device: 'Polar Vantage V3',
    device_id: '1111AAAA',
    // Local wall time without offset, the offset beside it in minutes.
    start_time: workout.start.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
    start_time_utc_offset: workout.start.offset,
    duration: isoDuration(workout.elapsedSeconds),
    calories: workout.calories,
    ...(workout.distanceMeters > 0 ? { distance: workout.distanceMeters } : {}),
    heart_rate: { average: workout.averageHeartRate, maximum: workout.maxHeartRate },
    training_load: Math.round(workout.calories / 5),
    sport,
    has_route: workout.distanceMeters > 0 && workout.kind !== 'swim',
    detailed_sport_info: detailed,
  };
}

function activity(day: SyntheticDay): Payload<PolarDailyActivity> {
  const start = DateTime.fromISO(day.date, { zone: day.zone }).startOf('day');
  const active = (day.minutes.lightly + day.minutes.fairly + day.minutes.very) * 60;
  return {
    start_time: start.toFormat("yyyy-MM-dd'T'HH:mm:ss"),
    end_time: start.plus({ days: 1 }).toFormat("yyyy-MM-dd'T'HH:mm:ss"),
    active_duration: isoDuration(active),
    inactive_duration: isoDuration(day.minutes.sedentary * 60),
    daily_activity: Math.min(100, Math.round(day.steps / 100)),
    calories: day.caloriesOut,
    active_calories: day.activityCalories,
    steps: day.steps,
    inactivity_alert_count: day.minutes.sedentary > 600 ? 1 : 0,
    distance_from_steps: day.distanceMeters,
  };
}

function night(userId: string, day: SyntheticDay): Payload<PolarSleep> {
  const sleep = day.sleep;
  const hypnogram: Record<string, number> = {};
  for (const stage of sleep.stages) hypnogram[stage.start.toFormat('HH:mm')] = HYPNOGRAM[stage.stage];
  return {
    polar_user: polarUser(userId),
    date: day.date,
    sleep_start_time: sleep.start.toISO({ suppressMilliseconds: true }) as string,
    sleep_end_time: sleep.end.toISO({ suppressMilliseconds: true }) as string,
    device_id: '1111AAAA',
    continuity: 2.6,
    continuity_class: 3,
    light_sleep: sleep.seconds.light,
    deep_sleep: sleep.seconds.deep,
    rem_sleep: sleep.seconds.rem,
    unrecognized_sleep_stage: 0,
    sleep_score: sleep.score,
    total_interruption_duration: sleep.seconds.wake,
    sleep_charge: 3,
    sleep_goal: 28_800,
    sleep_rating: 3,
    short_interruption_duration: sleep.seconds.wake,
    long_interruption_duration: 0,
    sleep_cycles: 5,
    group_duration_score: 90,
    group_solidity_score: 80,
    group_regeneration_score: 70,
    hypnogram,
    heart_rate_samples: { [sleep.start.toFormat('HH:mm')]: sleep.averageHeartRate + 4, [sleep.end.toFormat('HH:mm')]: sleep.lowestHeartRate + 2 },
  };
}

function recharge(userId: string, day: SyntheticDay): Payload<PolarNightlyRecharge> {
  const sleep = day.sleep;
  return {
    polar_user: polarUser(userId),
    date: day.date,
    heart_rate_avg: sleep.averageHeartRate,
    beat_to_beat_avg: Math.round(60_000 / sleep.averageHeartRate),
    heart_rate_variability_avg: sleep.averageHrv,
    breathing_rate_avg: sleep.breathsPerMinute,
    nightly_recharge_status: 4,
    ans_charge: 3.4,
    ans_charge_status: 4,
    hrv_samples: {},
    breathing_samples: {},
  };
}

function heartRateDay(userId: string, date: string): Payload<PolarContinuousHeartRate> {
  return {
    polar_user: polarUser(userId),
    date,
    heart_rate_samples: heartRateSamples('polar', userId, date).map((s) => ({ heart_rate: s.bpm, sample_time: s.at.toFormat('HH:mm:ss') })),
  };
}

/** The user's past dates among the last `days` days, or those of the from/to query (28 days at most). */
function dates(userId: string, query: URLSearchParams, now: Date, days: number): string[] | SandboxAnswer {
  const today = DateTime.fromJSDate(now, { zone: userZone('polar', userId) });
  const from = query.get('from') ?? (today.minus({ days }).toISODate() as string);
  const to = query.get('to') ?? (today.toISODate() as string);
  const a = DateTime.fromISO(from, { zone: 'utc' });
  const b = DateTime.fromISO(to, { zone: 'utc' });
  if (!a.isValid || !b.isValid || b < a) return { status: 400, body: { error: { message: 'from and to must be dates, from before to' } } };
  if (query.has('from') && b.diff(a, 'days').days > 28) return { status: 400, body: { error: { message: 'Date range between from and to cannot be more than 28 days' } } };
  return pastDates('polar', userId, from, to, now);
}

export const POLAR_SANDBOX: SandboxVendor = {
  slug: 'polar',
  credentials: sandboxCredentials('POLAR'),
  clientAuthentication: 'basic',
  authorizePath: '/oauth2/authorization',
  tokenPath: '/v2/oauth2/token',
  // AccessLink has no token revocation: DELETE /v3/users/{id} (a data call) ends the grant.
  revokePath: '/v2/oauth2/revoke',
  // "Tokens do not expire": ten years.
  accessTokenLifetimeSeconds: 315_360_000,
  newUserId: (sequence) => String(47_500_000 + sequence),
  tokenFields: (grant) => ({ token_type: 'bearer', x_user_id: Number(grant.user.id) }),
  data(request) {
    const userId = request.user.id;
    if (request.method === 'POST' && request.path === '/v3/users') {
      if (registered.has(userId)) return { status: 409, body: { error: { message: 'User already registered' } } };
      registered.add(userId);
      return { status: 200, body: { 'polar-user-id': Number(userId), 'member-id': `strive-${userId}`, 'registration-date': request.now.toISOString(), 'first-name': 'Sandbox', 'last-name': `User ${userId}` } };
    }
    if (!registered.has(userId)) return { status: 403, body: { error: { message: 'User not registered' } } };
    if (request.method === 'DELETE' && request.path === `/v3/users/${userId}`) {
      registered.delete(userId);
      return { status: 204, body: '', revokeGrant: true };
    }
    if (request.method !== 'GET') return null;
    const days = (count: number) => dates(userId, request.query, request.now, count);
    switch (request.path) {
      case '/v3/exercises': {
        const list = days(30);
        if (!Array.isArray(list)) return list;
        return { status: 200, body: list.flatMap((date) => syntheticDay('polar', userId, date).workouts.map((w) => exercise(userId, w))) };
      }
      case '/v3/users/activities': {
        const list = days(28);
        return Array.isArray(list) ? { status: 200, body: list.map((date) => activity(syntheticDay('polar', userId, date))) } : list;
      }
      case '/v3/users/sleep': {
        const list = days(28);
        return Array.isArray(list) ? { status: 200, body: { nights: list.map((date) => night(userId, syntheticDay('polar', userId, date))) } } : list;
      }
      case '/v3/users/nightly-recharge': {
        const list = days(28);
        return Array.isArray(list) ? { status: 200, body: { recharges: list.map((date) => recharge(userId, syntheticDay('polar', userId, date))) } } : list;
      }
      case '/v3/users/continuous-heart-rate': {
        const list = days(28);
        return Array.isArray(list) ? { status: 200, body: { heart_rates: list.map((date) => heartRateDay(userId, date)) } } : list;
      }
      default:
        return null;
    }
  },
  rateLimitHeaders: (retryAfterSeconds) => ({ 'retry-after': String(retryAfterSeconds) }),
  unauthorizedBody: () => ({ error: { message: 'Unauthorized' } }),
  webhook(event, now): SandboxWebhook {
    const timestamp = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
    // Creating a webhook pings it before its signing key exists: the ping is unsigned.
    if (event.kind === 'handshake') {
      return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ timestamp, event: 'PING' }), accepts: (status) => status === 200 };
    }
    // AccessLink has no deauthorization event; any other kind is a new exercise.
    const userId = event.user?.id ?? '';
    const date = event.date ?? (DateTime.fromJSDate(now, { zone: userZone('polar', userId) }).minus({ days: 1 }).toISODate() as string);
    const workout = syntheticDay('polar', userId, date).workouts[0];
    const entity = workout ? `ex${workout.id.toString(36)}` : 'ex0';
    const body = JSON.stringify({ event: 'EXERCISE', user_id: Number(userId), entity_id: entity, timestamp, url: `https://www.polaraccesslink.com/v3/exercises/${entity}` });
    const signature = createHmac('sha256', this.credentials.webhookSecret).update(body).digest('hex');
    return { method: 'POST', headers: { 'content-type': 'application/json', 'polar-webhook-signature': signature }, body };
  },
};
