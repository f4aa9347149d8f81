import { DateTime } from 'luxon';
import { sandboxCredentials } from '@strive/providers';
import type { GarminActivity, GarminBodyComp, GarminDaily, GarminSleep } from '../src/garmin/garmin-mapping';

/** A payload as the adapter reads it, with the vendor's other fields beside. */
type Payload<T> = T & Record<string, unknown>;
import { SandboxAnswer, SandboxVendor } from './sandbox-vendor';
import { heartRateSamples, pastDates, SyntheticDay, syntheticDay, SyntheticWorkout, userZone, WorkoutKind } from './synthetic-data';

/**
 * Garmin Health API as the sandbox plays it: apis.garmin.com/wellness-api/rest/* pulled by
 * upload window (at most 24 hours), connect.garmin.com/oauth2Confirm and the diauth token
 * endpoint (client credentials in the body, PKCE). A synthetic day is "uploaded" when it ends
 * locally, a workout when it ends, a night when the person gets up, a weighing at 07:00.
 */
const MAX_WINDOW_SECONDS = 86_400;
const ACTIVITY_TYPE: Record<WorkoutKind, string> = {
  run: 'RUNNING', ride: 'ROAD_BIKING', walk: 'WALKING', swim: 'LAP_SWIMMING', hike: 'HIKING', yoga: 'YOGA', strength: 'STRENGTH_TRAINING',
};
const LEVEL = { wake: 'awake', light: 'light', deep: 'deep', rem: 'rem' } as const;

const seconds = (at: DateTime) => Math.floor(at.toSeconds());
const hex = (n: number) => Math.max(0, Math.floor(n)).toString(16);

/** Garmin's summary ids: a per-user prefix, the start and the duration in hex. */
function summaryId(userId: string, start: number, duration?: number): string {
  const prefix = `x${userId.replace(/[^0-9a-f]/gi, '').slice(0, 7).toLowerCase() || '0'}`;
  return duration === undefined ? `${prefix}-${hex(start)}` : `${prefix}-${hex(start)}-${hex(duration)}`;
}

function daily(userId: string, day: SyntheticDay): Payload<GarminDaily> {
  const start = DateTime.fromISO(day.date, { zone: day.zone }).startOf('day');
  const end = start.plus({ days: 1 });
  const duration = seconds(end) - seconds(start);
  const samples: Record<string, number> = {};
  for (const sample of heartRateSamples('garmin', userId, day.date)) samples[String(seconds(sample.at) - seconds(start))] = sample.bpm;
  const bpms = Object.values(samples);
  const bmr = day.caloriesOut - day.activityCalories;
  const stress = 18 + ((day.floors * 7 + day.restingHeartRate) % 30);
  return {
    summaryId: summaryId(userId, seconds(start), duration),
    calendarDate: day.date,
    activityType: 'WALKING',
    startTimeInSeconds: seconds(start),
    startTimeOffsetInSeconds: start.offset * 60,
    durationInSeconds: duration,
    steps: day.steps,
    distanceInMeters: day.distanceMeters,
    activeTimeInSeconds: (day.minutes.lightly + day.minutes.fairly + day.minutes.very) * 60,
    activeKilocalories: day.activityCalories,
    bmrKilocalories: bmr,
    moderateIntensityDurationInSeconds: day.minutes.fairly * 60,
    vigorousIntensityDurationInSeconds: day.minutes.very * 60,
    floorsClimbed: day.floors,
    minHeartRateInBeatsPerMinute: Math.min(...bpms),
    averageHeartRateInBeatsPerMinute: Math.round(bpms.reduce((sum, bpm) => sum + bpm, 0) / bpms.length),
    maxHeartRateInBeatsPerMinute: Math.max(...bpms),
    restingHeartRateInBeatsPerMinute: day.restingHeartRate,
    timeOffsetHeartRateSamples: samples,
    averageStressLevel: stress,
    maxStressLevel: Math.min(100, stress + 45),
    stressDurationInSeconds: 14_400,
    restStressDurationInSeconds: 30_000,
    activityStressDurationInSeconds: 20_000,
    lowStressDurationInSeconds: 9_000,
    mediumStressDurationInSeconds: 4_200,
    highStressDurationInSeconds: 1_200,
    stressQualifier: stress < 26 ? 'calm' : 'balanced',
    stepsGoal: 8000,
    floorsClimbedGoal: 10,
  };
}

function activity(workout: SyntheticWorkout): Payload<GarminActivity> {
  return {
    summaryId: String(workout.id),
    activityId: workout.id,
    activityName: workout.name,
    activityType: ACTIVITY_TYPE[workout.kind],
    startTimeInSeconds: seconds(workout.start),
    startTimeOffsetInSeconds: workout.start.offset * 60,
    durationInSeconds: workout.elapsedSeconds,
    ...(workout.distanceMeters > 0 ? { distanceInMeters: workout.distanceMeters } : {}),
    activeKilocalories: workout.calories,
    ...(workout.steps !== null ? { steps: workout.steps } : {}),
    averageHeartRateInBeatsPerMinute: workout.averageHeartRate,
    maxHeartRateInBeatsPerMinute: workout.maxHeartRate,
    ...(workout.elevationGain > 0 ? { totalElevationGainInMeters: workout.elevationGain } : {}),
    deviceName: 'forerunner965',
    manual: workout.manual,
  };
}

function sleep(userId: string, day: SyntheticDay): Payload<GarminSleep> {
  const night = day.sleep;
  const duration = seconds(night.end) - seconds(night.start);
  const levels: Record<string, { startTimeInSeconds: number; endTimeInSeconds: number }[]> = { deep: [], light: [], rem: [], awake: [] };
  for (const stage of night.stages) {
    levels[LEVEL[stage.stage]].push({ startTimeInSeconds: seconds(stage.start), endTimeInSeconds: seconds(stage.start) + stage.seconds });
  }
  return {
    summaryId: summaryId(userId, seconds(night.start), duration),
    calendarDate: day.date,
    startTimeInSeconds: seconds(night.start),
    startTimeOffsetInSeconds: night.start.offset * 60,
    durationInSeconds: duration,
    unmeasurableSleepInSeconds: 0,
    deepSleepDurationInSeconds: night.seconds.deep,
    lightSleepDurationInSeconds: night.seconds.light,
    remSleepInSeconds: night.seconds.rem,
    awakeDurationInSeconds: night.seconds.wake,
    sleepLevelsMap: levels,
    validation: 'ENHANCED_FINAL',
    overallSleepScore: { value: night.score, qualifierKey: night.score >= 80 ? 'GOOD' : 'FAIR' },
  };
}

function bodyComp(userId: string, day: SyntheticDay): Payload<GarminBodyComp> {
  const at = DateTime.fromISO(day.date, { zone: day.zone }).set({ hour: 7 });
  const bmi = Math.round((day.weightKg / (day.heightMeters * day.heightMeters)) * 10) / 10;
  return {
    summaryId: summaryId(userId, seconds(at)),
    measurementTimeInSeconds: seconds(at),
    measurementTimeOffsetInSeconds: at.offset * 60,
    weightInGrams: Math.round(day.weightKg * 1000),
    bodyMassIndex: bmi,
    bodyFatInPercent: Math.round((bmi * 0.9 - 2) * 10) / 10,
    bodyWaterInPercent: 55.2,
    boneMassInGrams: Math.round(day.weightKg * 43),
    muscleMassInGrams: Math.round(day.weightKg * 465),
  };
}

/** The summaries of one type uploaded in [start, end), with their upload instants. */
function uploaded(type: string, userId: string, start: number, end: number, now: Date): Record<string, unknown>[] | null {
  const zone = userZone('garmin', userId);
  const first = DateTime.fromSeconds(start, { zone }).minus({ days: 2 }).toISODate() as string;
  const last = DateTime.fromSeconds(end, { zone }).plus({ days: 1 }).toISODate() as string;
  const out: Record<string, unknown>[] = [];
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const keep = (uploadedAt: number) => uploadedAt >= start && uploadedAt < end && uploadedAt <= nowSeconds;
  for (const date of pastDates('garmin', userId, first, last, now)) {
    const day = syntheticDay('garmin', userId, date);
    const midnight = DateTime.fromISO(date, { zone: day.zone }).startOf('day');
    switch (type) {
      case 'dailies':
        if (keep(seconds(midnight.plus({ days: 1 })))) out.push(daily(userId, day));
        break;
      case 'activities':
        for (const w of day.workouts) if (keep(seconds(w.start) + w.elapsedSeconds)) out.push(activity(w));
        break;
      case 'sleeps':
        if (keep(seconds(day.sleep.end))) out.push(sleep(userId, day));
        break;
      case 'bodyComps':
        if (keep(seconds(midnight.set({ hour: 7 })))) out.push(bodyComp(userId, day));
        break;
      default:
        return null;
    }
  }
  return out;
}

function pull(type: string, query: URLSearchParams, userId: string, now: Date): SandboxAnswer | null {
  const start = Number(query.get('uploadStartTimeInSeconds'));
  const end = Number(query.get('uploadEndTimeInSeconds'));
  if (!query.has('uploadStartTimeInSeconds') || !query.has('uploadEndTimeInSeconds') || !Number.isInteger(start) || !Number.isInteger(end) || end < start) {
    return { status: 400, body: { errorMessage: 'uploadStartTimeInSeconds and uploadEndTimeInSeconds are required' } };
  }
  if (end - start > MAX_WINDOW_SECONDS) {
    return { status: 400, body: { errorMessage: `timespan is longer than ${MAX_WINDOW_SECONDS} seconds` } };
  }
  const body = uploaded(type, userId, start, end, now);
  return body === null ? null : { status: 200, body };
}

/**
 * The Backfill API: 202 for a span of at most 90 days. The sandbox's summaries are "uploaded"
 * when they happen, so its pulls already hold them and nothing is sent later.
 */
function backfillRequest(query: URLSearchParams): SandboxAnswer {
  const start = Number(query.get('summaryStartTimeInSeconds'));
  const end = Number(query.get('summaryEndTimeInSeconds'));
  if (!Number.isInteger(start) || !Number.isInteger(end) || end < start || end - start > 90 * 86_400) {
    return { status: 400, body: { errorMessage: 'summaryStartTimeInSeconds and summaryEndTimeInSeconds at most 90 days apart are required' } };
  }
  return { status: 202, body: '' };
}

export const GARMIN_SANDBOX: SandboxVendor = {
  slug: 'garmin',
  credentials: sandboxCredentials('GARMIN'),
  clientAuthentication: 'body',
  authorizePath: '/oauth2Confirm',
  tokenPath: '/di-oauth2-service/oauth/token',
  // Garmin has no token revocation: disconnecting deletes the user registration (a data call).
  revokePath: '/di-oauth2-service/oauth/revoke',
  accessTokenLifetimeSeconds: 86_400,
  newUserId: (sequence) => `0b7e5c1d-3f2a-4c6b-9d8e-${sequence.toString(16).padStart(12, '0')}`,
  tokenFields: (grant) => ({ scope: 'PARTNER_WRITE PARTNER_READ CONNECT_READ CONNECT_WRITE', jti: `${grant.user.id}-jti`, refresh_token_expires_in: 7_775_998 }),
  data(request) {
    if (request.method === 'GET' && request.path === '/wellness-api/rest/user/id') return { status: 200, body: { userId: request.user.id } };
    if (request.method === 'DELETE' && request.path === '/wellness-api/rest/user/registration') return { status: 204, body: '', revokeGrant: true };
    const backfill = /^\/wellness-api\/rest\/backfill\/(dailies|activities|sleeps|bodyComps)$/.exec(request.path);
    if (request.method === 'GET' && backfill) return backfillRequest(request.query);
    const match = /^\/wellness-api\/rest\/([A-Za-z]+)$/.exec(request.path);
    if (request.method !== 'GET' || !match) return null;
    return pull(match[1], request.query, request.user.id, request.now);
  },
  rateLimitHeaders: (retryAfterSeconds) => ({ 'retry-after': String(retryAfterSeconds) }),
  unauthorizedBody: () => ({ errorMessage: 'Unauthorized: invalid or expired access token' }),
  webhook(event, now) {
    const headers = { 'content-type': 'application/json' };
    // Garmin has no subscription handshake: its notification URLs are set in the developer portal.
    if (event.kind === 'handshake') return { method: 'POST', headers, body: '{}', accepts: (status) => status === 200 };
    const userId = event.user?.id ?? '';
    if (event.kind === 'deauthorization') return { method: 'POST', headers, body: JSON.stringify({ deregistrations: [{ userId }] }) };
    const date = event.date ?? (DateTime.fromJSDate(now, { zone: userZone('garmin', userId) }).minus({ days: 1 }).toISODate() as string);
    const end = seconds(DateTime.fromISO(date, { zone: userZone('garmin', userId) }).plus({ days: 1 }).startOf('day'));
    const start = end - 3600;
    const callbackURL = `https://apis.garmin.com/wellness-api/rest/dailies?uploadStartTimeInSeconds=${start}&uploadEndTimeInSeconds=${end}`;
    return {
      method: 'POST',
      headers,
      body: JSON.stringify({ dailies: [{ userId, uploadStartTimeInSeconds: start, uploadEndTimeInSeconds: end, callbackURL }] }),
    };
  },
};
