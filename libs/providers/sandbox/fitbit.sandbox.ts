import { createHmac } from 'node:crypto';
import { DateTime } from 'luxon';
import { sandboxCredentials } from '@strive/providers';
import type { FitbitActivityLog, FitbitHeartRateDay, FitbitSleepLog, FitbitTimeSeriesEntry, FitbitWeightLog } from '../src/fitbit/fitbit-mapping';
import { SandboxAnswer, SandboxVendor } from './sandbox-vendor';
import { pastDates, SyntheticDay, syntheticDay, SyntheticWorkout, userZone, WorkoutKind } from './synthetic-data';

const V = 'fitbit';
const NAMES: Record<WorkoutKind, { name: string; typeId: number }> = {
  run: { name: 'Run', typeId: 90009 }, ride: { name: 'Outdoor Bike', typeId: 1071 }, walk: { name: 'Walk', typeId: 90013 },
  swim: { name: 'Swim', typeId: 90024 }, hike: { name: 'Hike', typeId: 90012 }, yoga: { name: 'Yoga', typeId: 52001 }, strength: { name: 'Weights', typeId: 2131 },
};
const LOCAL = "yyyy-MM-dd'T'HH:mm:ss.SSS";

/** One value of an activity time series (metric units: km), as the string Fitbit sends. */
function seriesValue(day: SyntheticDay, resource: string): string | null {
  switch (resource) {
    case 'steps': return String(day.steps);
    case 'distance': return String(Math.round(day.distanceMeters) / 1000);
    case 'calories': return String(day.caloriesOut);
    case 'floors': return String(day.floors);
    case 'minutesSedentary': return String(day.minutes.sedentary);
    case 'minutesLightlyActive': return String(day.minutes.lightly);
    case 'minutesFairlyActive': return String(day.minutes.fairly);
    case 'minutesVeryActive': return String(day.minutes.very);
    default: return null;
  }
}

/** An entry of GET /1/user/-/activities/list.json (startTime in local time with its offset). */
function fitbitActivityLog(workout: SyntheticWorkout): FitbitActivityLog & Record<string, unknown> {
  const { name, typeId } = NAMES[workout.kind];
  return {
    activeDuration: workout.movingSeconds * 1000,
    activityLevel: [
      { minutes: 2, name: 'sedentary' }, { minutes: 5, name: 'lightly' },
      { minutes: 8, name: 'fairly' }, { minutes: Math.max(0, Math.round(workout.movingSeconds / 60) - 15), name: 'very' },
    ],
    activityName: name,
    activityTypeId: typeId,
    averageHeartRate: workout.averageHeartRate,
    calories: workout.calories,
    ...(workout.distanceMeters > 0 ? { distance: Math.round(workout.distanceMeters) / 1000, distanceUnit: 'Kilometer' } : {}),
    duration: workout.elapsedSeconds * 1000,
    elevationGain: workout.elevationGain,
    hasActiveZoneMinutes: true,
    lastModified: workout.start.plus({ seconds: workout.elapsedSeconds + 600 }).toUTC().toISO(),
    logId: workout.id,
    logType: workout.manual ? 'manual' : 'auto_detected',
    manualValuesSpecified: { calories: false, distance: false, steps: false },
    originalDuration: workout.elapsedSeconds * 1000,
    originalStartTime: workout.start.toISO(),
    startTime: workout.start.toISO() as string,
    ...(workout.steps !== null ? { steps: workout.steps } : {}),
    tcxLink: `https://api.fitbit.com/1/user/-/activities/${workout.id}.tcx`,
  };
}

/** An entry of GET /1.2/user/-/sleep/date/{start}/{end}.json (stages; local times, no offset). */
function fitbitSleepLog(day: SyntheticDay, logId: number): FitbitSleepLog & Record<string, unknown> {
  const { sleep } = day;
  const minutes = (s: number) => Math.round(s / 60);
  const asleep = sleep.seconds.light + sleep.seconds.deep + sleep.seconds.rem;
  return {
    dateOfSleep: day.date,
    duration: sleep.end.diff(sleep.start).as('milliseconds'),
    efficiency: sleep.efficiency,
    endTime: sleep.end.toFormat(LOCAL),
    infoCode: 0,
    isMainSleep: true,
    levels: {
      data: sleep.stages.map((s) => ({ dateTime: s.start.toFormat(LOCAL), level: s.stage, seconds: s.seconds })),
      shortData: [],
      summary: {
        deep: { count: 3, minutes: minutes(sleep.seconds.deep), thirtyDayAvgMinutes: 80 },
        light: { count: 20, minutes: minutes(sleep.seconds.light), thirtyDayAvgMinutes: 230 },
        rem: { count: 6, minutes: minutes(sleep.seconds.rem), thirtyDayAvgMinutes: 95 },
        wake: { count: 18, minutes: minutes(sleep.seconds.wake), thirtyDayAvgMinutes: 50 },
      },
    },
    logId,
    logType: 'auto_detected',
    minutesAfterWakeup: 0,
    minutesAsleep: minutes(asleep),
    minutesAwake: minutes(sleep.seconds.wake),
    minutesToFallAsleep: 0,
    startTime: sleep.start.toFormat(LOCAL),
    timeInBed: minutes(asleep + sleep.seconds.wake),
    type: 'stages',
  };
}

function idOf(date: string, salt: number): number {
  return Number(date.replace(/-/g, '')) * 100 + salt;
}

function dateRange(path: string, prefix: string, suffix: string, maxDays: number, user: string, now: Date): string[] | SandboxAnswer | null {
  if (!path.startsWith(prefix) || !path.endsWith(suffix)) return null;
  const [start, end] = path.slice(prefix.length, -suffix.length).split('/');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(start ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(end ?? '') || end < start) {
    return { status: 400, body: { errors: [{ errorType: 'validation', fieldName: 'date', message: 'Invalid date range' }], success: false } };
  }
  if (DateTime.fromISO(end).diff(DateTime.fromISO(start), 'days').days >= maxDays) {
    return { status: 400, body: { errors: [{ errorType: 'validation', fieldName: 'date', message: `The date range must not exceed ${maxDays} days` }], success: false } };
  }
  return pastDates(V, user, start, end, now);
}

/** Fitbit: www.fitbit.com/oauth2/authorize, api.fitbit.com/oauth2/* and /1/user/-/... (here under /fitbit/api). */
export const FITBIT_SANDBOX: SandboxVendor = {
  slug: V,
  credentials: sandboxCredentials('FITBIT'),
  clientAuthentication: 'basic',
  authorizePath: '/oauth2/authorize',
  tokenPath: '/oauth2/token',
  revokePath: '/oauth2/revoke',
  accessTokenLifetimeSeconds: 8 * 3600,
  newUserId: (sequence) => `SB${sequence.toString(36).toUpperCase().padStart(4, '0')}`,
  tokenFields: (grant) => ({ user_id: grant.user.id, scope: grant.scope || 'activity heartrate sleep weight profile' }),
  data(request) {
    const user = request.user.id;
    const path = request.path.replace(/^\/api/, '');
    if (path === '/1/user/-/profile.json' && request.method === 'GET') {
      const zone = userZone(V, user);
      const now = DateTime.fromJSDate(request.now, { zone });
      return {
        status: 200,
        body: {
          user: {
            age: 34, avatar: 'https://static0.fitbit.com/images/profile/defaultProfile_100.png', dateOfBirth: '1992-04-10',
            displayName: `Sandbox ${user}`, distanceUnit: 'METRIC', encodedId: user, firstName: 'Sandbox', fullName: `Sandbox ${user}`,
            gender: 'FEMALE', height: syntheticDay(V, user, '2026-01-01').heightMeters * 100, heightUnit: 'METRIC', locale: 'en_US',
            memberSince: '2020-01-15', offsetFromUTCMillis: now.offset * 60_000, startDayOfWeek: 'MONDAY', timezone: zone, weight: syntheticDay(V, user, '2026-01-01').weightKg, weightUnit: 'METRIC',
          },
        },
      };
    }
    const subscription = /^\/1\/user\/-\/apiSubscriptions\/([^/]+)\.json$/.exec(path);
    if (subscription && (request.method === 'POST' || request.method === 'DELETE')) {
      return request.method === 'POST'
        ? { status: 201, body: { collectionType: 'user', ownerId: user, ownerType: 'user', subscriberId: '1', subscriptionId: decodeURIComponent(subscription[1]) } }
        : { status: 204, body: '' };
    }
    if (request.method !== 'GET') return null;
    if (path === '/1/user/-/activities/list.json') {
      const afterDate = request.query.get('afterDate') ?? '';
      const limit = Number(request.query.get('limit'));
      const offset = Number(request.query.get('offset') ?? 0);
      if (!/^\d{4}-\d{2}-\d{2}/.test(afterDate) || request.query.get('sort') !== 'asc' || !Number.isInteger(limit) || limit < 1 || limit > 100 || !Number.isInteger(offset) || offset < 0) {
        return { status: 400, body: { errors: [{ errorType: 'validation', fieldName: 'afterDate', message: 'afterDate, sort=asc and a limit up to 100 are required' }], success: false } };
      }
      const zone = userZone(V, user);
      const after = DateTime.fromISO(afterDate, { zone });
      const last = DateTime.fromJSDate(request.now, { zone }).toISODate() as string;
      const first = after.toISODate() as string;
      const span = DateTime.fromISO(last).diff(DateTime.fromISO(first), 'days').days;
      // Bounded: at most 5 years after afterDate.
      const workouts = pastDates(V, user, first, span > 1830 ? (DateTime.fromISO(first).plus({ days: 1830 }).toISODate() as string) : last, request.now)
        .flatMap((date) => syntheticDay(V, user, date).workouts)
        .filter((w) => w.start > after);
      const page = workouts.slice(offset, offset + limit);
      const next = offset + limit < workouts.length
        ? `https://api.fitbit.com/1/user/-/activities/list.json?${new URLSearchParams({ offset: String(offset + limit), limit: String(limit), sort: 'asc', afterDate })}`
        : '';
      return { status: 200, body: { activities: page.map(fitbitActivityLog), pagination: { afterDate, limit, next, offset, previous: '', sort: 'asc' } } };
    }
    const sleep = dateRange(path, '/1.2/user/-/sleep/date/', '.json', 100, user, request.now);
    if (sleep) {
      return Array.isArray(sleep)
        ? { status: 200, body: { sleep: sleep.map((date) => fitbitSleepLog(syntheticDay(V, user, date), idOf(date, 1))).reverse() } }
        : sleep;
    }
    const heart = dateRange(path, '/1/user/-/activities/heart/date/', '.json', 366, user, request.now);
    if (heart) {
      return Array.isArray(heart)
        ? {
            status: 200,
            body: {
              'activities-heart': heart.map((date): FitbitHeartRateDay & Record<string, unknown> => ({
                dateTime: date,
                value: {
                  customHeartRateZones: [],
                  heartRateZones: [
                    { caloriesOut: 1600.5, max: 97, min: 30, minutes: 1200, name: 'Out of Range' },
                    { caloriesOut: 400.2, max: 135, min: 97, minutes: 150, name: 'Fat Burn' },
                    { caloriesOut: 200.1, max: 164, min: 135, minutes: 30, name: 'Cardio' },
                    { caloriesOut: 20.3, max: 220, min: 164, minutes: 2, name: 'Peak' },
                  ],
                  restingHeartRate: syntheticDay(V, user, date).restingHeartRate,
                },
              })),
            },
          }
        : heart;
    }
    const series = /^\/1\/user\/-\/activities\/([A-Za-z]+)\/date\//.exec(path);
    if (series && seriesValue(syntheticDay(V, user, '2026-01-01'), series[1]) !== null) {
      const dates = dateRange(path, `/1/user/-/activities/${series[1]}/date/`, '.json', 1095, user, request.now);
      if (!Array.isArray(dates)) return dates;
      const entries: FitbitTimeSeriesEntry[] = dates.map((date) => ({ dateTime: date, value: seriesValue(syntheticDay(V, user, date), series[1]) as string }));
      return { status: 200, body: { [`activities-${series[1]}`]: entries } };
    }
    const weight = dateRange(path, '/1/user/-/body/log/weight/date/', '.json', 31, user, request.now);
    if (weight) {
      return Array.isArray(weight)
        ? {
            status: 200,
            body: {
              // The scale is used every other day, at 07:12 local time.
              weight: weight.filter((date) => Number(date.slice(-2)) % 2 === 0).map((date): FitbitWeightLog & Record<string, unknown> => {
                const today = syntheticDay(V, user, date);
                return { bmi: Math.round((today.weightKg / today.heightMeters ** 2) * 100) / 100, date, fat: 21.3, logId: idOf(date, 2) * 1000, source: 'Aria', time: '07:12:00', weight: today.weightKg };
              }),
            },
          }
        : weight;
    }
    return null;
  },
  rateLimitHeaders: (retryAfter) => ({ 'fitbit-rate-limit-limit': '150', 'fitbit-rate-limit-remaining': '0', 'fitbit-rate-limit-reset': String(retryAfter) }),
  unauthorizedBody: () => ({ errors: [{ errorType: 'expired_token', message: 'Access token expired' }], success: false }),
  webhook(event) {
    const { clientSecret, webhookSecret } = this.credentials;
    if (event.kind === 'handshake') {
      return { method: 'GET', query: { verify: webhookSecret }, accepts: (status) => status === 204 };
    }
    const user = event.user?.id ?? '';
    const body = JSON.stringify(
      event.kind === 'deauthorization'
        ? [{ collectionType: 'userRevokedAccess', date: event.date ?? '2026-11-20', ownerId: user, ownerType: 'user', subscriptionId: user }]
        : [
            { collectionType: 'activities', date: event.date ?? '2026-11-20', ownerId: user, ownerType: 'user', subscriptionId: user },
            { collectionType: 'sleep', date: event.date ?? '2026-11-20', ownerId: user, ownerType: 'user', subscriptionId: user },
          ],
    );
    return {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fitbit-signature': createHmac('sha1', `${clientSecret}&`).update(body).digest('base64') },
      body,
    };
  },
};
