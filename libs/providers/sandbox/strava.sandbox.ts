import { randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import { sandboxCredentials } from '@strive/providers';
import type { StravaSummaryActivity } from '../src/strava/strava-mapping';
import { SandboxVendor } from './sandbox-vendor';
import { pastDates, syntheticDay, SyntheticWorkout, userZone, WorkoutKind } from './synthetic-data';

const SPORT: Record<WorkoutKind, string> = { run: 'Run', ride: 'Ride', walk: 'Walk', swim: 'Swim', hike: 'Hike', yoga: 'Yoga', strength: 'WeightTraining' };

/** Strava's "(GMT+01:00) Europe/Amsterdam" time zone label. */
function timezoneLabel(at: DateTime): string {
  return `(GMT${at.toFormat('ZZ')}) ${at.zoneName}`;
}

/** A SummaryActivity as GET /athlete/activities lists it (resource_state 2). */
function stravaSummaryActivity(athleteId: string, workout: SyntheticWorkout): StravaSummaryActivity & Record<string, unknown> {
  const hasDistance = workout.distanceMeters > 0;
  return {
    resource_state: 2,
    athlete: { id: Number(athleteId) || athleteId, resource_state: 1 },
    name: workout.name,
    distance: workout.distanceMeters,
    moving_time: workout.movingSeconds,
    elapsed_time: workout.elapsedSeconds,
    total_elevation_gain: workout.elevationGain,
    type: SPORT[workout.kind],
    sport_type: SPORT[workout.kind],
    workout_type: null,
    id: workout.id,
    start_date: workout.start.toUTC().toISO({ suppressMilliseconds: true }) as string,
    // Strava writes local wall-clock time with a Z.
    start_date_local: `${workout.start.toFormat("yyyy-MM-dd'T'HH:mm:ss")}Z`,
    timezone: timezoneLabel(workout.start),
    utc_offset: workout.start.offset * 60,
    achievement_count: 0,
    kudos_count: 2,
    comment_count: 0,
    athlete_count: 1,
    photo_count: 0,
    map: { id: `a${workout.id}`, summary_polyline: hasDistance ? '_p~iF~ps|U_ulLnnqC_mqNvxq`@' : null, resource_state: 2 },
    trainer: false,
    commute: false,
    manual: workout.manual,
    private: false,
    visibility: 'everyone',
    flagged: false,
    gear_id: null,
    start_latlng: hasDistance ? [52.3676, 4.9041] : [],
    end_latlng: hasDistance ? [52.3702, 4.8952] : [],
    average_speed: workout.movingSeconds > 0 ? Math.round((workout.distanceMeters / workout.movingSeconds) * 1000) / 1000 : 0,
    max_speed: workout.movingSeconds > 0 ? Math.round((workout.distanceMeters / workout.movingSeconds) * 1.4 * 1000) / 1000 : 0,
    ...(workout.kilojoules !== null ? { average_watts: Math.round((workout.kilojoules * 1000) / workout.movingSeconds), kilojoules: workout.kilojoules, device_watts: false } : {}),
    has_heartrate: true,
    average_heartrate: workout.averageHeartRate,
    max_heartrate: workout.maxHeartRate,
    heartrate_opt_out: false,
    display_hide_heartrate_option: true,
    elev_high: 10 + workout.elevationGain,
    elev_low: 2,
    upload_id: workout.manual ? null : workout.id * 3,
    upload_id_str: workout.manual ? null : String(workout.id * 3),
    external_id: workout.manual ? null : `garmin_push_${workout.id}`,
    from_accepted_tag: false,
    pr_count: 0,
    total_photo_count: 0,
    has_kudoed: false,
  };
}

function athlete(id: string): Record<string, unknown> {
  const zone = userZone('strava', id);
  return {
    id: Number(id) || id,
    username: `sandbox_${id}`,
    resource_state: 2,
    firstname: 'Sandbox',
    lastname: `Athlete ${id}`,
    bio: null,
    city: zone.split('/')[1] ?? 'Greenwich',
    state: null,
    country: null,
    sex: 'F',
    premium: false,
    summit: false,
    created_at: '2021-03-02T08:00:00Z',
    updated_at: '2026-01-10T08:00:00Z',
    badge_type_id: 0,
    weight: syntheticDay('strava', id, '2026-01-01').weightKg,
    profile_medium: 'avatar/athlete/medium.png',
    profile: 'avatar/athlete/large.png',
    friend: null,
    follower: null,
  };
}

/** Strava: www.strava.com/oauth/* and www.strava.com/api/v3/*, client credentials in the body. */
export const STRAVA_SANDBOX: SandboxVendor = {
  slug: 'strava',
  credentials: sandboxCredentials('STRAVA'),
  clientAuthentication: 'body',
  authorizePath: '/oauth/authorize',
  tokenPath: '/oauth/token',
  revokePath: '/oauth/deauthorize',
  accessTokenLifetimeSeconds: 6 * 3600,
  newUserId: (sequence) => String(13_370_000 + sequence),
  callbackParameters: (grant) => ({ scope: grant.scope || 'read,activity:read_all' }),
  tokenFields: (grant, kind, expiresAt) => ({
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    ...(kind === 'authorization_code' ? { athlete: athlete(grant.user.id) } : {}),
  }),
  data(request) {
    if (request.method === 'GET' && request.path === '/api/v3/athlete') return { status: 200, body: athlete(request.user.id) };
    if (request.method !== 'GET' || request.path !== '/api/v3/athlete/activities') return null;
    const now = Math.floor(request.now.getTime() / 1000);
    const after = Number(request.query.get('after') ?? 0);
    const before = Number(request.query.get('before') ?? now);
    const page = Math.max(1, Number(request.query.get('page') ?? 1));
    const perPage = Math.min(200, Math.max(1, Number(request.query.get('per_page') ?? 30)));
    if (![after, before, page, perPage].every(Number.isFinite)) return { status: 400, body: { message: 'Bad Request', errors: [{ resource: 'Activity', field: 'after', code: 'invalid' }] } };
    // Bounded: the sandbox lists at most 5 years before `before`.
    const first = DateTime.fromSeconds(Math.max(after, before - 5 * 366 * 86_400), { zone: 'utc' }).minus({ days: 1 }).toISODate() as string;
    const last = DateTime.fromSeconds(Math.min(before, now), { zone: 'utc' }).plus({ days: 1 }).toISODate() as string;
    const activities = pastDates('strava', request.user.id, first, last, request.now)
      .flatMap((date) => syntheticDay('strava', request.user.id, date).workouts)
      .filter((w) => w.start.toSeconds() > after && w.start.toSeconds() < before);
    // With `after` Strava lists oldest first, otherwise newest first.
    if (!request.query.has('after')) activities.reverse();
    const body = activities.slice((page - 1) * perPage, page * perPage).map((w) => stravaSummaryActivity(request.user.id, w));
    return { status: 200, body, headers: { 'x-ratelimit-limit': '200,2000', 'x-ratelimit-usage': '12,140' } };
  },
  rateLimitHeaders: () => ({ 'x-ratelimit-limit': '200,2000', 'x-ratelimit-usage': '201,950' }),
  unauthorizedBody: () => ({ message: 'Authorization Error', errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }] }),
  webhook(event, now) {
    const { webhookSecret } = this.credentials;
    if (event.kind === 'handshake') {
      const challenge = randomBytes(12).toString('base64url');
      return {
        method: 'GET',
        query: { 'hub.mode': 'subscribe', 'hub.challenge': challenge, 'hub.verify_token': webhookSecret },
        accepts: (status, body) => {
          try {
            return status === 200 && (JSON.parse(body) as Record<string, unknown>)['hub.challenge'] === challenge;
          } catch {
            return false;
          }
        },
      };
    }
    const owner = Number(event.user?.id) || event.user?.id;
    const date = event.date ?? (DateTime.fromJSDate(now, { zone: 'utc' }).minus({ days: 1 }).toISODate() as string);
    const workout = syntheticDay('strava', String(event.user?.id), date).workouts[0];
    const body =
      event.kind === 'deauthorization'
        ? { aspect_type: 'update', event_time: Math.floor(now.getTime() / 1000), object_id: owner, object_type: 'athlete', owner_id: owner, subscription_id: 120_475, updates: { authorized: 'false' } }
        : { aspect_type: 'create', event_time: Math.floor(now.getTime() / 1000), object_id: workout?.id ?? 1, object_type: 'activity', owner_id: owner, subscription_id: 120_475, updates: {} };
    return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  },
};
