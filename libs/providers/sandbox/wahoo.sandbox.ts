import { DateTime } from 'luxon';
import { sandboxCredentials } from '@strive/providers';
import { SandboxVendor } from './sandbox-vendor';
import { pastDates, syntheticDay, SyntheticWorkout, userZone, WorkoutKind } from './synthetic-data';

/**
 * The Wahoo Cloud API as the sandbox plays it: api.wahooligan.com/oauth/* (client credentials
 * in the body) and /v1/workouts, every workout of the last year newest first in numbered pages,
 * the summary's decimals as strings.
 */
const MAX_PER_PAGE = 100;
const TYPE: Record<WorkoutKind, number> = { run: 1, ride: 15, walk: 6, swim: 25, hike: 9, yoga: 66, strength: 42 };

function workout(w: SyntheticWorkout): Record<string, unknown> {
  const end = w.start.plus({ seconds: w.elapsedSeconds }).toUTC().toISO() as string;
  const decimal = (n: number) => n.toFixed(1);
  return {
    id: w.id,
    starts: w.start.toUTC().toISO(),
    minutes: Math.round(w.elapsedSeconds / 60),
    name: w.name,
    plan_id: null,
    workout_token: `wt-${w.id}`,
    workout_type_id: TYPE[w.kind],
    created_at: end,
    updated_at: end,
    workout_summary: {
      id: w.id * 7,
      ascent_accum: decimal(w.elevationGain),
      cadence_avg: w.kind === 'ride' ? '86.0' : null,
      calories_accum: decimal(w.calories),
      distance_accum: w.distanceMeters.toFixed(2),
      duration_active_accum: String(w.movingSeconds),
      duration_paused_accum: String(w.elapsedSeconds - w.movingSeconds),
      duration_total_accum: String(w.elapsedSeconds),
      heart_rate_avg: decimal(w.averageHeartRate),
      power_avg: w.kilojoules !== null ? decimal((w.kilojoules * 1000) / w.movingSeconds) : null,
      speed_avg: w.movingSeconds > 0 ? (w.distanceMeters / w.movingSeconds).toFixed(2) : '0.0',
      work_accum: w.kilojoules !== null ? String(Math.round(w.kilojoules * 1000)) : '0',
      manual: w.manual,
      time_zone: w.start.zoneName,
      created_at: end,
      updated_at: end,
      file: null,
    },
  };
}

export const WAHOO_SANDBOX: SandboxVendor = {
  slug: 'wahoo',
  credentials: sandboxCredentials('WAHOO'),
  clientAuthentication: 'body',
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  // Wahoo deauthorizes with DELETE /v1/permissions (a data call).
  revokePath: '/oauth/revoke',
  accessTokenLifetimeSeconds: 7200,
  newUserId: (sequence) => String(60_400 + sequence),
  tokenFields: (grant) => ({ scope: grant.scope || 'user_read workouts_read offline_data' }),
  data(request) {
    const userId = request.user.id;
    if (request.method === 'DELETE' && request.path === '/v1/permissions') return { status: 200, body: { success: true }, revokeGrant: true };
    if (request.method !== 'GET') return null;
    if (request.path === '/v1/user') return { status: 200, body: { id: Number(userId), email: `sandbox-${userId}@example.com`, first: 'Sandbox', last: `Rider ${userId}`, created_at: '2022-01-01T00:00:00.000Z' } };
    if (request.path !== '/v1/workouts') return null;
    const page = Number(request.query.get('page') ?? 1);
    const perPage = Number(request.query.get('per_page') ?? 30);
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
      return { status: 400, body: { error: 'page and per_page (1-100) must be whole numbers' } };
    }
    const today = DateTime.fromJSDate(request.now, { zone: userZone('wahoo', userId) });
    const all = pastDates('wahoo', userId, today.minus({ days: 365 }).toISODate() as string, today.toISODate() as string, request.now)
      .flatMap((date) => syntheticDay('wahoo', userId, date).workouts)
      .sort((a, b) => b.start.toMillis() - a.start.toMillis());
    const workouts = all.slice((page - 1) * perPage, page * perPage).map(workout);
    return { status: 200, body: { workouts, total: all.length, page, per_page: perPage, order: 'descending', sort: 'starts' } };
  },
  rateLimitHeaders: (retryAfterSeconds) => ({ 'retry-after': String(retryAfterSeconds) }),
  unauthorizedBody: () => ({ error: 'Not authorized' }),
  webhook(event, now) {
    // Wahoo has no subscription handshake and no deauthorization event: every kind is a new workout.
    const userId = event.user?.id ?? '0';
    const date = event.date ?? (DateTime.fromJSDate(now, { zone: userZone('wahoo', userId) }).minus({ days: 1 }).toISODate() as string);
    const first = syntheticDay('wahoo', userId, date).workouts[0];
    const summary = first ? { ...(workout(first).workout_summary as object), workout: { ...workout(first), workout_summary: undefined } } : {};
    const body = JSON.stringify({ event_type: 'workout_summary', webhook_token: this.credentials.webhookSecret, user: { id: Number(userId) }, workout_summary: summary });
    return { method: 'POST', headers: { 'content-type': 'application/json' }, body, accepts: (status) => status >= 200 && status < 300 };
  },
};
