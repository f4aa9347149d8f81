import { createHmac, randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { sandboxCredentials } from '@strive/providers';
import type { WithingsActivity, WithingsMeasureGroup, WithingsSleep, WithingsWorkout } from '../src/withings/withings-mapping';

/** A payload as the adapter reads it, with the vendor's other fields beside. */
type Payload<T> = T & Record<string, unknown>;
import { SandboxAnswer, SandboxVendor } from './sandbox-vendor';
import { pastDates, SyntheticDay, syntheticDay, userZone, WorkoutKind } from './synthetic-data';

/**
 * The Withings Public API as the sandbox plays it: account.withings.com/oauth2_user/authorize2,
 * wbsapi.withings.net/v2/oauth2 (`action=requesttoken`, client credentials in the body, every
 * answer in the `{status, body}` envelope, `action=revoke` signed with a nonce from
 * /v2/signature), and the data services /measure, /v2/measure and /v2/sleep, POSTed forms
 * answered in pages of PAGE_SIZE items with `more` and `offset`.
 */
export const WITHINGS_SANDBOX_PAGE_SIZE = 10;
const CATEGORY: Record<WorkoutKind, number> = { walk: 1, run: 2, hike: 3, ride: 6, swim: 7, strength: 16, yoga: 28 };
/** Nonces handed out by /v2/signature, single use. */
const nonces = new Set<string>();
const MAX_NONCES = 10_000;

const epoch = (at: DateTime) => Math.floor(at.toSeconds());
const ok = (body: unknown): SandboxAnswer => ({ status: 200, body: { status: 0, body } });
const refused = (status: number, error: string): SandboxAnswer => ({ status: 200, body: { status, error } });

function sign(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join(',')).digest('hex');
}

/** One page of `items` from `offset`, with Withings' `more` and `offset`. */
function page<T>(items: readonly T[], form: URLSearchParams, key: string, extra: Record<string, unknown> = {}): SandboxAnswer {
  const offset = Number(form.get('offset') ?? 0);
  if (!Number.isInteger(offset) || offset < 0) return refused(503, 'Invalid Params: offset');
  const slice = items.slice(offset, offset + WITHINGS_SANDBOX_PAGE_SIZE);
  const more = offset + slice.length < items.length;
  return ok({ ...extra, [key]: slice, more, offset: more ? offset + slice.length : 0 });
}

function measureGroups(userId: string, day: SyntheticDay): Payload<WithingsMeasureGroup>[] {
  const weighing = DateTime.fromISO(day.date, { zone: day.zone }).set({ hour: 7, minute: 2 });
  const weightGrams = Math.round(day.weightKg * 1000);
  const dayNumber = Math.floor(DateTime.fromISO(day.date, { zone: 'utc' }).toSeconds() / 86_400);
  const base = { attrib: 0, created: epoch(weighing) + 30, modified: epoch(weighing) + 30, category: 1, deviceid: 'a1b2c3', hash_deviceid: 'a1b2c3', comment: null, timezone: day.zone };
  const groups: Payload<WithingsMeasureGroup>[] = [{
    ...base,
    grpid: Number(userId) * 100_000 + dayNumber * 2,
    date: epoch(weighing),
    measures: [
      { value: weightGrams, type: 1, unit: -3, algo: 3, fm: 131 },
      { value: Math.round(day.heightMeters * 100), type: 4, unit: -2, algo: 0, fm: 0 },
      { value: 18_500, type: 6, unit: -3, algo: 3, fm: 131 },
      { value: Math.round(weightGrams * 0.185), type: 8, unit: -3, algo: 3, fm: 131 },
      { value: Math.round(weightGrams * 0.465), type: 76, unit: -3, algo: 3, fm: 131 },
      { value: Math.round(weightGrams * 0.55), type: 77, unit: -3, algo: 3, fm: 131 },
      { value: Math.round(weightGrams * 0.043), type: 88, unit: -3, algo: 3, fm: 131 },
    ],
  }];
  if (dayNumber % 3 === 0) {
    const reading = weighing.set({ hour: 8, minute: 15 });
    groups.push({
      ...base,
      grpid: Number(userId) * 100_000 + dayNumber * 2 + 1,
      date: epoch(reading),
      measures: [
        { value: 118 + (dayNumber % 9), type: 10, unit: 0, algo: 0, fm: 0 },
        { value: 76 + (dayNumber % 7), type: 9, unit: 0, algo: 0, fm: 0 },
        { value: day.restingHeartRate + 6, type: 11, unit: 0, algo: 0, fm: 0 },
      ],
    });
  }
  return groups;
}

function activity(day: SyntheticDay): Payload<WithingsActivity> {
  return {
    date: day.date,
    timezone: day.zone,
    deviceid: null,
    hash_deviceid: null,
    brand: 18,
    is_tracker: true,
    steps: day.steps,
    distance: day.distanceMeters,
    elevation: day.floors * 3,
    soft: day.minutes.lightly * 60,
    moderate: day.minutes.fairly * 60,
    intense: day.minutes.very * 60,
    active: (day.minutes.fairly + day.minutes.very) * 60,
    calories: day.activityCalories,
    totalcalories: day.caloriesOut,
    hr_average: day.restingHeartRate + 14,
    hr_min: day.restingHeartRate - 4,
    hr_max: Math.max(120, ...day.workouts.map((w) => w.maxHeartRate)),
  };
}

function workouts(day: SyntheticDay): Payload<WithingsWorkout>[] {
  return day.workouts.map((w) => ({
    id: w.id,
    category: CATEGORY[w.kind],
    timezone: day.zone,
    model: 1055,
    attrib: 7,
    startdate: epoch(w.start),
    enddate: epoch(w.start) + w.elapsedSeconds,
    date: day.date,
    deviceid: 'a1b2c3',
    modified: epoch(w.start) + w.elapsedSeconds + 600,
    data: {
      calories: w.calories,
      intensity: 50,
      ...(w.steps !== null ? { steps: w.steps } : {}),
      distance: w.distanceMeters,
      elevation: w.elevationGain,
      hr_average: w.averageHeartRate,
      hr_min: w.averageHeartRate - 35,
      hr_max: w.maxHeartRate,
      pause_duration: w.elapsedSeconds - w.movingSeconds,
    },
  }));
}

function sleep(userId: string, day: SyntheticDay): Payload<WithingsSleep> {
  const night = day.sleep;
  const asleep = night.seconds.light + night.seconds.deep + night.seconds.rem;
  return {
    id: Number(userId) * 10_000 + Math.floor(DateTime.fromISO(day.date, { zone: 'utc' }).toSeconds() / 86_400),
    timezone: day.zone,
    model: 32,
    model_id: 63,
    startdate: epoch(night.start),
    enddate: epoch(night.end),
    date: day.date,
    created: epoch(night.end) + 900,
    modified: epoch(night.end) + 900,
    data: {
      wakeupduration: night.seconds.wake,
      lightsleepduration: night.seconds.light,
      deepsleepduration: night.seconds.deep,
      remsleepduration: night.seconds.rem,
      wakeupcount: night.stages.filter((s) => s.stage === 'wake').length,
      total_sleep_time: asleep,
      total_timeinbed: asleep + night.seconds.wake,
      sleep_efficiency: Math.round((asleep / (asleep + night.seconds.wake)) * 100) / 100,
      sleep_score: night.score,
      hr_average: night.averageHeartRate,
      hr_min: night.lowestHeartRate,
      rr_average: Math.round(night.breathsPerMinute),
    },
  };
}

/** The synthetic days of the request's window: epoch startdate/enddate, or local startdateymd/enddateymd. */
function days(userId: string, form: URLSearchParams, now: Date): SyntheticDay[] | null {
  const zone = userZone('withings', userId);
  let from = form.get('startdateymd');
  let to = form.get('enddateymd');
  if (form.has('startdate') && form.has('enddate')) {
    const start = Number(form.get('startdate'));
    const end = Number(form.get('enddate'));
    if (!Number.isInteger(start) || !Number.isInteger(end) || end < start) return null;
    from = DateTime.fromSeconds(start, { zone }).toISODate();
    to = DateTime.fromSeconds(end, { zone }).toISODate();
  }
  if (!from || !to || !DateTime.fromISO(from).isValid || !DateTime.fromISO(to).isValid || to < from) return null;
  return pastDates('withings', userId, from, to, now).map((date) => syntheticDay('withings', userId, date));
}

export const WITHINGS_SANDBOX: SandboxVendor = {
  slug: 'withings',
  credentials: sandboxCredentials('WITHINGS'),
  clientAuthentication: 'body',
  authorizePath: '/oauth2_user/authorize2',
  tokenPath: '/v2/oauth2',
  // Revocation is `action=revoke` on the token endpoint itself (tokenRequest below).
  revokePath: '/v2/oauth2',
  accessTokenLifetimeSeconds: 10_800,
  newUserId: (sequence) => String(36_000_000 + sequence),
  // userid as the number some Withings answers send; the adapter reads it as text.
  tokenFields: (grant) => ({ userid: Number(grant.user.id), scope: 'user.info,user.metrics,user.activity', csrf_token: randomBytes(8).toString('hex') }),
  tokenAnswer(answer) {
    // Withings wraps every answer in its envelope with HTTP 200, except when it is down.
    if (answer.status === 200) return { ...answer, body: { status: 0, body: answer.body } };
    if (answer.status === 429) return { status: 200, body: { status: 601, error: 'Too many requests' } };
    if (answer.status >= 500) return answer;
    return { status: 200, body: { status: 503, error: 'Invalid Params: invalid code or refresh_token' } };
  },
  tokenRequest(form) {
    if (form.get('action') === 'requesttoken') return null;
    if (form.get('action') !== 'revoke') return refused(2554, 'Unknown action');
    const { clientId, clientSecret } = this.credentials;
    const nonce = form.get('nonce') ?? '';
    if (form.get('client_id') !== clientId || !nonces.delete(nonce) || form.get('signature') !== sign(clientSecret, 'revoke', clientId, nonce)) {
      return refused(503, 'Invalid Params: signature or nonce');
    }
    const userid = form.get('userid') ?? '';
    return { ...ok({}), revokeUser: userid };
  },
  data(request) {
    const form = new URLSearchParams(request.body);
    for (const [key, value] of request.query) if (!form.has(key)) form.set(key, value);
    const action = form.get('action');
    const route = `${request.path} ${action}`;
    if (route === '/v2/signature getnonce') {
      const { clientId, clientSecret } = this.credentials;
      const timestamp = form.get('timestamp') ?? '';
      if (form.get('client_id') !== clientId || form.get('signature') !== sign(clientSecret, 'getnonce', clientId, timestamp)) {
        return refused(503, 'Invalid Params: signature');
      }
      if (nonces.size >= MAX_NONCES) nonces.clear();
      const nonce = randomBytes(12).toString('hex');
      nonces.add(nonce);
      return ok({ nonce });
    }
    const userId = request.user.id;
    const window = () => days(userId, form, request.now);
    switch (route) {
      case '/measure getmeas': {
        const list = window();
        if (!list) return refused(503, 'Invalid Params: startdate/enddate');
        const start = Number(form.get('startdate'));
        const end = Number(form.get('enddate'));
        const groups = list.flatMap((day) => measureGroups(userId, day)).filter((g) => (g.date as number) >= start && (g.date as number) < end);
        return page(groups, form, 'measuregrps', { updatetime: Math.floor(request.now.getTime() / 1000), timezone: userZone('withings', userId) });
      }
      case '/v2/measure getactivity': {
        const list = window();
        return list ? page(list.map(activity), form, 'activities') : refused(503, 'Invalid Params: startdateymd/enddateymd');
      }
      case '/v2/measure getworkouts': {
        const list = window();
        return list ? page(list.flatMap(workouts), form, 'series') : refused(503, 'Invalid Params: startdateymd/enddateymd');
      }
      case '/v2/sleep getsummary': {
        const list = window();
        return list ? page(list.map((day) => sleep(userId, day)), form, 'series') : refused(503, 'Invalid Params: startdateymd/enddateymd');
      }
      default:
        return null;
    }
  },
  rateLimitHeaders: (retryAfterSeconds) => ({ 'retry-after': String(retryAfterSeconds) }),
  unauthorizedBody: () => ({ status: 401, body: {}, error: 'XRequestID: Not provided invalid_token: The access token provided is invalid' }),
  webhook(event, now) {
    // Subscribing makes Withings call the URL once; an empty answer with 200 accepts it.
    if (event.kind === 'handshake') return { method: 'GET', accepts: (status) => status === 200 };
    const userid = event.user?.id ?? '';
    const zone = userZone('withings', userid);
    const date = event.date ?? (DateTime.fromJSDate(now, { zone }).minus({ days: 1 }).toISODate() as string);
    const weighing = DateTime.fromISO(date, { zone }).set({ hour: 7, minute: 2 });
    // Withings has no deauthorization notification; any kind but the check is a new weighing.
    const form = new URLSearchParams({ userid, startdate: String(epoch(weighing)), enddate: String(epoch(weighing) + 1), appli: '1' });
    return { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() };
  },
};
