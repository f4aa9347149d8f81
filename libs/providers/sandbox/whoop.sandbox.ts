import { createHash, createHmac } from 'node:crypto';
import { DateTime } from 'luxon';
import { sandboxCredentials } from '@strive/providers';
import { SandboxAnswer, SandboxVendor } from './sandbox-vendor';
import { pastDates, SyntheticDay, syntheticDay, userZone, WorkoutKind } from './synthetic-data';

/**
 * WHOOP API v2 as the sandbox plays it: api.prod.whoop.com/oauth/oauth2/* (client credentials
 * in the body) and /developer/v2/* collections in pages of at most 25, newest first, filtered
 * by `start`/`end` on each item's start, continued with `nextToken`. A cycle runs from one
 * wake-up to the next; its recovery is filed under the cycle's start.
 */
const MAX_LIMIT = 25;
const SPORT: Record<WorkoutKind, [string, number]> = {
  run: ['running', 0], ride: ['cycling', 1], walk: ['walking', 63], swim: ['swimming', 33], hike: ['hiking/rucking', 52], yoga: ['yoga', 44], strength: ['weightlifting', 45],
};

/** A stable UUID-shaped id from a seed (WHOOP's v2 sleep and workout ids are UUIDs). */
function uuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const iso = (at: DateTime) => at.toUTC().toISO() as string;
const offset = (at: DateTime) => at.toFormat('ZZ');
const kilojoule = (kcal: number) => Math.round(kcal * 4.184 * 10) / 10;

/** The cycle that starts when the person wakes up on `day`. */
function cycleId(userId: string, day: SyntheticDay): number {
  return Number(userId) * 100_000 + Math.floor(DateTime.fromISO(day.date, { zone: 'utc' }).toSeconds() / 86_400);
}

interface Item {
  readonly start: number;
  readonly body: Record<string, unknown>;
}

function cycle(userId: string, day: SyntheticDay, next: SyntheticDay | null): Item {
  const start = day.sleep.end;
  const id = cycleId(userId, day);
  return {
    start: start.toMillis(),
    body: {
      id, user_id: Number(userId), created_at: iso(start), updated_at: iso(start.plus({ hours: 1 })), start: iso(start),
      end: next ? iso(next.sleep.end) : null, timezone_offset: offset(start), score_state: 'SCORED',
      score: { strain: Math.round((day.activityCalories / 150) * 100) / 100, kilojoule: kilojoule(day.caloriesOut), average_heart_rate: day.restingHeartRate + 16, max_heart_rate: Math.max(120, ...day.workouts.map((w) => w.maxHeartRate)) },
    },
  };
}

function recovery(userId: string, day: SyntheticDay, cycleItem: Item): Item {
  return {
    start: cycleItem.start,
    body: {
      cycle_id: cycleItem.body.id, sleep_id: uuid(`whoop|${userId}|sleep|${day.date}`), user_id: Number(userId),
      created_at: cycleItem.body.start, updated_at: cycleItem.body.start, score_state: 'SCORED',
      score: { user_calibrating: false, recovery_score: 40 + (day.sleep.score % 50), resting_heart_rate: day.restingHeartRate, hrv_rmssd_milli: day.sleep.averageHrv, spo2_percentage: 96.5, skin_temp_celsius: 33.6 },
    },
  };
}

function sleep(userId: string, day: SyntheticDay): Item {
  const night = day.sleep;
  const inBed = night.end.toMillis() - night.start.toMillis();
  return {
    start: night.start.toMillis(),
    body: {
      id: uuid(`whoop|${userId}|sleep|${day.date}`), cycle_id: cycleId(userId, day), user_id: Number(userId), created_at: iso(night.end), updated_at: iso(night.end),
      start: iso(night.start), end: iso(night.end), timezone_offset: offset(night.start), nap: false, score_state: 'SCORED',
      score: {
        stage_summary: {
          total_in_bed_time_milli: inBed, total_awake_time_milli: night.seconds.wake * 1000, total_no_data_time_milli: 0,
          total_light_sleep_time_milli: night.seconds.light * 1000, total_slow_wave_sleep_time_milli: night.seconds.deep * 1000,
          total_rem_sleep_time_milli: night.seconds.rem * 1000, sleep_cycle_count: 4, disturbance_count: night.stages.filter((s) => s.stage === 'wake').length,
        },
        sleep_needed: { baseline_milli: 27_000_000, need_from_sleep_debt_milli: 0, need_from_recent_strain_milli: 0, need_from_recent_nap_milli: 0 },
        respiratory_rate: night.breathsPerMinute, sleep_performance_percentage: night.score, sleep_consistency_percentage: 85, sleep_efficiency_percentage: night.efficiency,
      },
    },
  };
}

function workouts(userId: string, day: SyntheticDay): Item[] {
  return day.workouts.map((w) => ({
    start: w.start.toMillis(),
    body: {
      id: uuid(`whoop|${userId}|workout|${w.id}`), v1_id: w.id, user_id: Number(userId), created_at: iso(w.start), updated_at: iso(w.start),
      start: iso(w.start), end: iso(w.start.plus({ seconds: w.elapsedSeconds })), timezone_offset: offset(w.start),
      sport_name: SPORT[w.kind][0], sport_id: SPORT[w.kind][1], score_state: 'SCORED',
      score: {
        strain: Math.round((w.calories / 60) * 100) / 100, average_heart_rate: w.averageHeartRate, max_heart_rate: w.maxHeartRate, kilojoule: kilojoule(w.calories),
        percent_recorded: 100, ...(w.distanceMeters > 0 ? { distance_meter: w.distanceMeters, altitude_gain_meter: w.elevationGain, altitude_change_meter: 0 } : {}),
        zone_durations: {},
      },
    },
  }));
}

/** The items of a collection whose start lies in [start, end), newest first, one page of them. */
function collection(kind: string, userId: string, query: URLSearchParams, now: Date): SandboxAnswer | null {
  const end = Date.parse(query.get('end') ?? now.toISOString());
  const start = Date.parse(query.get('start') ?? new Date(end - 30 * 86_400_000).toISOString());
  const limit = Number(query.get('limit') ?? 10);
  const offset = query.has('nextToken') ? Number(Buffer.from(query.get('nextToken') ?? '', 'base64url').toString('utf8')) : 0;
  if ([start, end].some(Number.isNaN) || end < start || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT || !Number.isInteger(offset) || offset < 0) {
    return { status: 400, body: { message: 'start, end, limit (1-25) or nextToken invalid' } };
  }
  const zone = userZone('whoop', userId);
  const first = DateTime.fromMillis(start, { zone }).minus({ days: 1 }).toISODate() as string;
  const last = DateTime.fromMillis(end, { zone }).plus({ days: 1 }).toISODate() as string;
  const days = pastDates('whoop', userId, first, last, now).map((date) => syntheticDay('whoop', userId, date));
  let items: Item[];
  switch (kind) {
    case 'cycle':
    case 'recovery':
      items = days.map((day, i) => {
        const c = cycle(userId, day, days[i + 1] ?? null);
        return kind === 'cycle' ? c : recovery(userId, day, c);
      });
      break;
    case 'activity/sleep':
      items = days.map((day) => sleep(userId, day));
      break;
    case 'activity/workout':
      items = days.flatMap((day) => workouts(userId, day));
      break;
    default:
      return null;
  }
  const inWindow = items.filter((item) => item.start >= start && item.start < end).sort((a, b) => b.start - a.start);
  const records = inWindow.slice(offset, offset + limit).map((item) => item.body);
  const more = offset + limit < inWindow.length;
  return { status: 200, body: { records, next_token: more ? Buffer.from(String(offset + limit)).toString('base64url') : null } };
}

export const WHOOP_SANDBOX: SandboxVendor = {
  slug: 'whoop',
  credentials: sandboxCredentials('WHOOP'),
  clientAuthentication: 'body',
  authorizePath: '/oauth/oauth2/auth',
  tokenPath: '/oauth/oauth2/token',
  // WHOOP revokes with DELETE /developer/v2/user/access (a data call).
  revokePath: '/oauth/oauth2/revoke',
  accessTokenLifetimeSeconds: 3600,
  newUserId: (sequence) => String(10_100 + sequence),
  tokenFields: (grant) => ({ scope: grant.scope || 'offline read:profile read:cycles read:recovery read:sleep read:workout read:body_measurement' }),
  data(request) {
    const userId = request.user.id;
    if (request.method === 'DELETE' && request.path === '/developer/v2/user/access') return { status: 204, body: '', revokeGrant: true };
    if (request.method !== 'GET') return null;
    if (request.path === '/developer/v2/user/profile/basic') return { status: 200, body: { user_id: Number(userId), email: `sandbox-${userId}@example.com`, first_name: 'Sandbox', last_name: `Member ${userId}` } };
    if (request.path === '/developer/v2/user/measurement/body') {
      const today = DateTime.fromJSDate(request.now, { zone: userZone('whoop', userId) }).minus({ days: 1 }).toISODate() as string;
      const day = syntheticDay('whoop', userId, today);
      return { status: 200, body: { height_meter: day.heightMeters, weight_kilogram: day.weightKg, max_heart_rate: 195 } };
    }
    const match = /^\/developer\/v2\/(cycle|recovery|activity\/sleep|activity\/workout)$/.exec(request.path);
    return match ? collection(match[1], userId, request.query, request.now) : null;
  },
  rateLimitHeaders: (retryAfterSeconds) => ({ 'retry-after': String(retryAfterSeconds), 'x-ratelimit-limit': '100, 100;window=60, 10000;window=86400', 'x-ratelimit-remaining': '0' }),
  unauthorizedBody: () => ({ message: 'Authorization was not valid' }),
  webhook(event, now) {
    // WHOOP has no subscription handshake and no deauthorization event: every kind is an update.
    const userId = event.user?.id ?? '0';
    const date = event.date ?? (DateTime.fromJSDate(now, { zone: userZone('whoop', userId) }).minus({ days: 1 }).toISODate() as string);
    const body = JSON.stringify({ user_id: Number(userId), id: uuid(`whoop|${userId}|sleep|${date}`), type: 'sleep.updated', trace_id: uuid(`trace|${now.getTime()}`) });
    const timestamp = String(now.getTime());
    const signature = createHmac('sha256', this.credentials.clientSecret).update(timestamp + body).digest('base64');
    return {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-whoop-signature': signature, 'x-whoop-signature-timestamp': timestamp },
      body,
      accepts: (status) => status >= 200 && status < 300,
    };
  },
};
