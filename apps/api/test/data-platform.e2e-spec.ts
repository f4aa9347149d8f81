import { ActivityChange, ActivityChangeListener } from '@strive/domain';
import { ACTIVITY_CHANGE_LISTENERS } from '../src/system/tokens';
import { adminBearer, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, startTestApp, TestApp } from './support/test-app';

/** Issue 4: upload, pull endpoints, pagination, versions, deduplication, points and events. */
describe('health data platform', () => {
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;
  let otherAdmin: string;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await adminBearer(test, await createClientApp(test));
    ann = await createProfile(test, admin, { name: 'Ann' });
    bob = await createProfile(test, admin, { name: 'Bob' });
    otherAdmin = await adminBearer(test, await createClientApp(test, 'Other app'));
  });
  afterAll(() => test.close());

  const path = (p: CreatedTestProfile, rest: string) => `/api/v1/profile/${p.publicId}/${rest}`;
  const upload = (p: CreatedTestProfile, body: unknown, bearer = p.bearer) =>
    test.http.post(path(p, 'data/')).set('Authorization', `Bearer ${bearer}`).send(body as object);
  const get = (url: string, bearer = ann.bearer) => test.http.get(url).set('Authorization', `Bearer ${bearer}`);

  const workout = (i: number, extra: Record<string, unknown> = {}) => ({
    external_id: `w-${i}`,
    timestamp: new Date(Date.UTC(2026, 9, 1 + i, 7)).toISOString(),
    duration: '00:30:00',
    type: 'RUNNING',
    distance: 5000,
    heart_rate_summary: { average: 140, min: 90, max: 170 },
    heart_rate_samples: [{ timestamp: new Date(Date.UTC(2026, 9, 1 + i, 7, 1)).toISOString(), bpm: 120 }],
    ...extra,
  });

  it('stores every data type, counts created/updated/unchanged, and is idempotent per external_id', async () => {
    const body = {
      source: 'GARMIN',
      activity_segment: [{ external_id: 'a1', start_time: '2026-10-01T08:00:00Z', end_time: '2026-10-01T08:10:00Z', activity_type: 'WALKING', steps: 900 }],
      biometric: [{ external_id: 'b1', timestamp: '2026-10-01T06:00:00Z', weight: 70.5 }],
      biometric_measurement: [
        { external_id: 'm1', timestamp: '2026-10-01T06:00:00Z', measurement_type: 'BLOOD_PRESSURE', value: 120, secondary_value: 80 },
        { external_id: 'm2', timestamp: '2026-10-01T06:01:00Z', measurement_type: 'SPO2', value: 98 },
      ],
      bmi: [{ external_id: 'bmi1', timestamp: '2026-10-01T06:00:00Z', bmi: 22.1 }],
      daily_detail: [{ external_id: 'dd1', timestamp: '2026-10-01T09:00:00Z', steps: 100 }],
      daily_summary: [{ external_id: 'd1', date: '2026-10-01', distance: 8000, steps: 10000, calories: 2200, heart_rate_summary: { resting: 50, average: 70, min: 45, max: 160 } }],
      detail_sample: [{ external_id: 'ds1', timestamp: '2026-10-02T07:00:01Z', speed: 3 }],
      ecg_recordings: [
        { external_id: 'e1', start_time: '2026-10-01T12:00:00Z', sampling_frequency: 512, samples: [[0, 1], [0.002, 2]] },
        { external_id: 'e2', start_time: '2026-10-03T12:00:00Z', sampling_frequency: 512, samples: [[0, 3]] },
      ],
      heartrate_sample: [{ external_id: 'h1', start_time: '2026-10-01T10:00:00Z', end_time: '2026-10-01T10:05:00Z', average: 80, heart_rate_samples: [{ timestamp: '2026-10-01T10:00:00Z', bpm: 79 }] }],
      heartrate_summary: [{ external_id: 'hs1', date: '2026-10-01', resting: 50 }],
      height: [{ external_id: 'ht1', timestamp: '2026-10-01T06:00:00Z', height: 1.8 }],
      sleep_detail: [
        { external_id: 'sd1', start_time: '2026-10-01T23:00:00Z', end_time: '2026-10-02T01:00:00Z', stage: 'DEEP' },
        { external_id: 'sd2', start_time: '2026-10-02T01:00:00Z', end_time: '2026-10-02T06:00:00Z', stage: 'LIGHT' },
      ],
      sleep_sample: [{ external_id: 'ss1', timestamp: '2026-10-02T02:00:00Z', hrv: 50, sleep_stage: 'REM' }],
      sleep_summary: [{ external_id: 'sl1', start_time: '2026-10-01T23:00:00Z', end_time: '2026-10-02T06:00:00Z', total_sleep_duration: '07:00:00' }],
      stress_samples: [{ external_id: 'st1', timestamp: '2026-10-01T11:00:00Z', stress_level: 40 }],
      stress_summary: [{ external_id: 'sts1', date: '2026-10-01', average_stress: 30 }],
      track_sample: [{ external_id: 't1', timestamp: '2026-10-02T07:00:01Z', latitude: 52.1, longitude: 4.3 }],
      weight: [{ external_id: 'wt1', timestamp: '2026-10-01T06:00:00Z', weight: 70.5 }],
      workout: [workout(1), workout(2)],
    };
    const first = await upload(ann, body).expect(201);
    expect(first.body.workout).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(first.body.biometric_measurement).toEqual({ created: 2, updated: 0, unchanged: 0 });
    expect(Object.keys(first.body)).toHaveLength(19);

    const again = await upload(ann, { ...body, workout: [workout(1), workout(2, { distance: 5100 })] }).expect(201);
    expect(again.body.workout).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(again.body.daily_summary).toEqual({ created: 0, updated: 0, unchanged: 1 });

    const workouts = await get(path(ann, 'workout/')).expect(200);
    expect(workouts.body.map((w: { external_id: string }) => w.external_id)).toEqual(['w-1', 'w-2']);
    expect(workouts.body[1]).toMatchObject({ distance: 5100, source: 'GARMIN', duration: '00:30:00.000000', type: 'RUNNING' });
    // Default definition: 0.1 point per minute of a workout of at least 5 minutes: 30 min * 0.1 = 3.
    expect(workouts.body[0].points).toBe(3);

    // Both bearer kinds of the app may read; every type has its endpoint.
    for (const type of ['activity_segment', 'biometric', 'bmi', 'daily_detail', 'detail_sample', 'ecg_recordings', 'heartrate_sample',
      'heartrate_summary', 'height', 'sleep_detail', 'sleep_sample', 'sleep_summary', 'stress_samples', 'stress_summary', 'track_sample', 'weight']) {
      const response = await get(path(ann, `${type}/`), admin).expect(200);
      expect([type, response.body.length]).toEqual([type, (body as unknown as Record<string, unknown[]>)[type].length]);
    }
    const bp = await get(path(ann, 'biometric_measurement/?measurement_type=BLOOD_PRESSURE')).expect(200);
    expect(bp.body).toEqual([expect.objectContaining({ value: 120, secondary_value: 80, unit: 'mmHg', external_id: 'm1' })]);

    // ECG: the list leaves the samples out; data/ serves the latest, or the one at date_end.
    const ecg = await get(path(ann, 'ecg_recordings/')).expect(200);
    expect(ecg.body[0]).not.toHaveProperty('samples');
    expect(ecg.body[0].sample_count).toBe(2);
    expect((await get(path(ann, 'ecg_recordings/data/')).expect(200)).body).toEqual([[0, 3]]);
    expect((await get(path(ann, 'ecg_recordings/data/?date_end=2026-10-02T00:00:00Z')).expect(200)).body).toEqual([[0, 1], [0.002, 2]]);

    // Sleep summary detail: only when exactly one result.
    const sleep = await get(path(ann, 'sleep_summary/?detail=true')).expect(200);
    expect(sleep.body[0].detail.map((d: { stage: string }) => d.stage)).toEqual(['DEEP', 'LIGHT']);

    // heart_rate_detail on heartrate_sample.
    expect((await get(path(ann, 'heartrate_sample/')).expect(200)).body[0]).not.toHaveProperty('heart_rate_samples');
    expect((await get(path(ann, 'heartrate_sample/?heart_rate_detail=true')).expect(200)).body[0].heart_rate_samples).toHaveLength(1);
  });

  it('serves heart-rate information from v1.1 on, and heart_rate_samples only with page_size 1', async () => {
    const v1 = await get(path(ann, 'workout/?heart_rate_detail=true')).expect(200);
    expect(v1.body[0]).not.toHaveProperty('heart_rate_summary');
    expect(v1.body[0]).not.toHaveProperty('heart_rate_samples');
    const v11 = await get(`/api/v1.1/profile/${ann.publicId}/workout/?heart_rate_detail=true&page_size=1`).expect(200);
    expect(v11.body[0].heart_rate_summary).toEqual({ average: 140, min: 90, max: 170 });
    expect(v11.body[0].heart_rate_samples).toHaveLength(1);
    expect(v11.headers['api-results-next']).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/api/v1\\.1/profile/${ann.publicId}/workout/\\?`));
    const daily = await get(`/api/v1.1/profile/${ann.publicId}/daily_summary/`).expect(200);
    expect(daily.body[0].heart_rate_summary).toEqual({ resting: 50, average: 70, min: 45, max: 160 });
    expect((await get(path(ann, 'daily_summary/')).expect(200)).body[0]).not.toHaveProperty('heart_rate_summary');
  });

  it('pages with cursors both ways, keeps a cursor valid while data arrives, and filters by date', async () => {
    await upload(bob, { source: 'POLAR', workout: Array.from({ length: 5 }, (_, i) => workout(i + 10)) }).expect(201);
    const first = await get(path(bob, 'workout/?page_size=2'), bob.bearer).expect(200);
    expect(first.body.map((w: { external_id: string }) => w.external_id)).toEqual(['w-10', 'w-11']);
    expect(first.headers['api-results-previous']).toBeUndefined();
    const next = first.headers['api-results-next'];
    expect(next).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/profile\/.+\/workout\/\?page_size=2&cursor=/);
    // New data before and after the cursor does not move it.
    await upload(bob, { source: 'POLAR', workout: [workout(0), workout(30)] }).expect(201);
    const second = await get(next.replace(/^http:\/\/[^/]+/, ''), bob.bearer).expect(200);
    expect(second.body.map((w: { external_id: string }) => w.external_id)).toEqual(['w-12', 'w-13']);
    const back = await get(second.headers['api-results-previous'].replace(/^http:\/\/[^/]+/, ''), bob.bearer).expect(200);
    expect(back.body.map((w: { external_id: string }) => w.external_id)).toEqual(['w-10', 'w-11']);
    const third = await get(second.headers['api-results-next'].replace(/^http:\/\/[^/]+/, ''), bob.bearer).expect(200);
    expect(third.body.map((w: { external_id: string }) => w.external_id)).toEqual(['w-14', 'w-30']);
    expect(third.headers['api-results-next']).toBeUndefined();
    // w-11 starts 2026-10-12T07:00Z, w-13 2026-10-14T07:00Z: both bounds included.
    const range = await get(path(bob, 'workout/?date_start=2026-10-12T07:00:00Z&date_end=2026-10-14T07:00:00Z'), bob.bearer).expect(200);
    expect(range.body.map((w: { external_id: string }) => w.external_id)).toEqual(['w-11', 'w-12', 'w-13']);
  });

  it('deduplicates workouts and daily summaries on request', async () => {
    const p = await createProfile(test, admin, { name: 'Dee' });
    await upload(p, { source: 'GARMIN', workout: [workout(1)], daily_summary: [{ external_id: 'g', date: '2026-10-01', distance: 8000, steps: 9000, calories: 2000 }] }).expect(201);
    await upload(p, {
      source: 'STRAVA',
      workout: [workout(1, { external_id: 's-1', distance: 5050 })],
      daily_summary: [{ external_id: 's', date: '2026-10-01', distance: 7000, steps: 12000, calories: 2100 }],
    }).expect(201);
    expect((await get(path(p, 'workout/'), p.bearer).expect(200)).body).toHaveLength(2);
    const deduped = await get(path(p, 'workout/?deduplicate=true'), p.bearer).expect(200);
    // GARMIN (a wearable) is preferred over STRAVA (a platform).
    expect(deduped.body.map((w: { source: string }) => w.source)).toEqual(['GARMIN']);
    const days = await get(path(p, 'daily_summary/?deduplicate=true'), p.bearer).expect(200);
    // Per-field maximum: distance max(8000, 7000), steps max(9000, 12000), calories max(2000, 2100).
    expect(days.body).toEqual([expect.objectContaining({ source: 'AGGREGATED', distance: 8000, steps: 12000, calories: 2100 })]);
    // Points of the merged day: 12000 steps at 1 per 1000 = 12. Workout: 3. total_points 15.
    expect(days.body[0].points).toBe(12);
    await test.runScoring();
    const profile = await get(`/api/v1/profile/${p.publicId}/`, p.bearer).expect(200);
    expect(profile.body.total_points).toBe(15);
  });

  it('pages deduplicated workouts and daily summaries with cursors in both directions', async () => {
    const p = await createProfile(test, admin, { name: 'Pia' });
    // Sessions on Oct 2..6 at 07:00 reported by GARMIN; STRAVA copies (1 minute later) of Oct 3 and Oct 5.
    await upload(p, { source: 'GARMIN', workout: [1, 2, 3, 4, 5].map((i) => workout(i)) }).expect(201);
    await upload(p, { source: 'STRAVA', workout: [2, 4].map((i) => workout(i, { external_id: `s-${i}`, timestamp: new Date(Date.UTC(2026, 9, 1 + i, 7, 1)).toISOString() })) }).expect(201);
    const ids = (r: { body: { external_id: string }[] }) => r.body.map((w) => w.external_id);
    const strip = (url: string) => url.replace(/^http:\/\/[^/]+/, '');
    let page = await get(path(p, 'workout/?deduplicate=true&page_size=2'), p.bearer).expect(200);
    const seen: string[][] = [ids(page)];
    while (page.headers['api-results-next']) {
      page = await get(strip(page.headers['api-results-next']), p.bearer).expect(200);
      seen.push(ids(page));
    }
    expect(seen).toEqual([['w-1', 'w-2'], ['w-3', 'w-4'], ['w-5']]);
    const back = await get(strip(page.headers['api-results-previous']), p.bearer).expect(200);
    expect(ids(back)).toEqual(['w-3', 'w-4']);
    const first = await get(strip(back.headers['api-results-previous']), p.bearer).expect(200);
    expect(ids(first)).toEqual(['w-1', 'w-2']);
    expect(first.headers['api-results-previous']).toBeUndefined();

    const days = (from: number, n: number, source: string, steps: number) =>
      Array.from({ length: n }, (_, i) => ({ external_id: `${source}-${from + i}`, date: `2026-10-0${from + i}`, distance: 0, steps, calories: 0 }));
    await upload(p, { source: 'GARMIN', daily_summary: days(1, 3, 'g', 1000) }).expect(201);
    await upload(p, { source: 'FITBIT', daily_summary: days(2, 3, 'f', 2000) }).expect(201);
    const d1 = await get(path(p, 'daily_summary/?deduplicate=true&page_size=2'), p.bearer).expect(200);
    // Oct 1: GARMIN alone; Oct 2 and 3: merged (max steps 2000); Oct 4: FITBIT alone.
    expect(d1.body.map((d: { date: string; source: string; steps: number }) => [d.date, d.source, d.steps])).toEqual([
      ['2026-10-01', 'GARMIN', 1000], ['2026-10-02', 'AGGREGATED', 2000],
    ]);
    const d2 = await get(strip(d1.headers['api-results-next']), p.bearer).expect(200);
    expect(d2.body.map((d: { date: string; source: string }) => [d.date, d.source])).toEqual([['2026-10-03', 'AGGREGATED'], ['2026-10-04', 'FITBIT']]);
    expect(d2.headers['api-results-next']).toBeUndefined();
    const d1again = await get(strip(d2.headers['api-results-previous']), p.bearer).expect(200);
    expect(d1again.body).toEqual(d1.body);
    // Date filter on daily records: the UTC dates of the bounds, both included.
    const filtered = await get(path(p, 'daily_summary/?date_start=2026-10-02T23:00:00Z&date_end=2026-10-03T01:00:00Z'), p.bearer).expect(200);
    expect(filtered.body.map((d: { external_id: string }) => d.external_id)).toEqual(['g-2', 'f-2', 'g-3', 'f-3']);
  });

  it('awards event points, lists events, and recomputes totals when the points definition changes', async () => {
    const p = await createProfile(test, admin, { name: 'Eve' });
    const created = await test.http.post(path(p, 'event/')).set('Authorization', `Bearer ${admin}`)
      .send({ name: 'Quiz', points: 25, timestamp: '2026-10-05T10:00:00Z', reference: 'q1' }).expect(201);
    expect(created.body).toMatchObject({ name: 'Quiz', points: 25, timestamp: '2026-10-05T10:00:00.000Z', reference: 'q1', activity_type: null });
    await upload(p, { source: 'GARMIN', daily_summary: [{ external_id: 'd', date: '2026-10-05', distance: 1000, steps: 4000, calories: 100 }] }).expect(201);
    // total_points follows the writes moments later, when the scoring worker has settled them.
    expect((await get(`/api/v1/profile/${p.publicId}/`, p.bearer).expect(200)).body.total_points).toBe(0);
    await test.runScoring();
    // 25 event points + 4000 steps at 1 per 1000 = 29.
    expect((await get(`/api/v1/profile/${p.publicId}/`, p.bearer).expect(200)).body.total_points).toBe(29);
    const events = await get(path(p, 'event/'), p.bearer).expect(200);
    expect(events.body).toEqual([created.body]);

    const definition = {
      daily: { per_1000_steps: 2, per_kilometre: 0, per_kcal: 0, per_active_minute: 0, max_per_day: null },
      activities: [], other_activities: null, count_manual_workouts: true,
    };
    await test.http.put('/api/v1/app/points/').set('Authorization', `Bearer ${admin}`).send(definition).expect(200);
    expect((await test.http.get('/api/v1/app/points/').set('Authorization', `Bearer ${admin}`).expect(200)).body).toEqual(definition);
    // The recount is a job (points.recount): once it ran, 25 + 4000 steps at 2 per 1000 = 33.
    await test.runJobs();
    expect((await get(`/api/v1/profile/${p.publicId}/`, p.bearer).expect(200)).body.total_points).toBe(33);
    // Event creation is administrator only; the definition too.
    await test.http.post(path(p, 'event/')).set('Authorization', `Bearer ${p.bearer}`).send({ name: 'x', points: 1 }).expect(403);
    await test.http.get('/api/v1/app/points/').set('Authorization', `Bearer ${p.bearer}`).expect(403);
    await test.http.post(path(p, 'event/')).set('Authorization', `Bearer ${otherAdmin}`).send({ name: 'x', points: 1 }).expect(404);

    // Refused definitions and events name the field; nothing changes.
    const before = await databaseSnapshot(test);
    const twice = await test.http.put('/api/v1/app/points/').set('Authorization', `Bearer ${admin}`)
      .send({ ...definition, daily: { ...definition.daily, per_kilometre: 1 }, other_activities: { per_workout: 0, per_kilometre: 2, per_minute: 0, per_kcal: 0, min_duration_seconds: 0, max_per_workout: null } })
      .expect(400);
    expect(twice.body.errors).toEqual([{ field: 'other_activities.per_kilometre', message: expect.stringContaining('reward the same effort twice') }]);
    const negative = await test.http.put('/api/v1/app/points/').set('Authorization', `Bearer ${admin}`)
      .send({ ...definition, daily: { ...definition.daily, per_1000_steps: -1 } }).expect(400);
    expect(negative.body.errors.map((e: { field: string }) => e.field)).toEqual(['daily.per_1000_steps']);
    const future = await test.http.post(path(p, 'event/')).set('Authorization', `Bearer ${admin}`)
      .send({ name: 'Later', points: 1, timestamp: new Date(Date.now() + 3_600_000).toISOString() }).expect(400);
    expect(future.body.errors).toEqual([{ field: 'timestamp', message: 'The event timestamp may not lie in the future.' }]);
    const unknown = await test.http.post(path(p, 'event/')).set('Authorization', `Bearer ${admin}`).send({ name: 'x', points: 1, bonus: 2 }).expect(400);
    expect(unknown.body.errors.map((e: { field: string }) => e.field)).toEqual(['bonus']);
    expect(await databaseSnapshot(test)).toEqual(before);
  });

  it('lets the own bearer and the app administrator in; another profile 403, another app 404', async () => {
    await upload(ann, { source: 'GARMIN' }, admin).expect(201);
    await upload(ann, { source: 'GARMIN' }, bob.bearer).expect(403);
    await upload(ann, { source: 'GARMIN' }, otherAdmin).expect(404);
    await get(path(ann, 'weight/'), bob.bearer).expect(403);
    await get(path(ann, 'weight/'), otherAdmin).expect(404);
    await test.http.get(path(ann, 'weight/')).expect(401);
  });

  it("deletes a profile's records and points days with the profile", async () => {
    const gone = await createProfile(test, admin, { name: 'Gone' });
    await upload(gone, { source: 'GARMIN', workout: [workout(1)], daily_summary: [{ external_id: 'd', date: '2026-10-02', distance: 0, steps: 5000, calories: 0 }] }).expect(201);
    const rows = async (table: string) =>
      Number((await test.dataSource.query(`SELECT count(*) AS n FROM ${table} WHERE profile_id = $1`, [gone.publicId]))[0].n);
    await test.runScoring();
    // The change spans 10-01 10:00 to 10-03 12:00 UTC (the date seen from every time zone; the
    // workout lies inside): the days from 09-30 to 10-04 are recounted, and only 10-02 earned points.
    expect([await rows('health_record'), await rows('profile_points_day')]).toEqual([2, 1]);
    await test.http.delete(`/api/v1/profile/${gone.publicId}/`).set('Authorization', `Bearer ${admin}`).expect(204);
    expect([await rows('health_record'), await rows('profile_points_day')]).toEqual([0, 0]);
  });

  it('tells every registered activity-change listener before answering, only when scoring data changed', async () => {
    const p = await createProfile(test, admin, { name: 'Lis' });
    const seen: ActivityChange[] = [];
    let answered = false;
    // The listeners are bound in one place (ACTIVITY_CHANGE_LISTENERS): one more joins them here.
    test.app.get<ActivityChangeListener[]>(ACTIVITY_CHANGE_LISTENERS).push({
      activityChanged: async ({ appId, profileId, from, to }) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (profileId === p.publicId) seen.push({ appId, profileId, from, to, answeredBefore: answered } as unknown as ActivityChange);
      },
    });
    await upload(p, { source: 'GARMIN', workout: [workout(1)] }).expect(201);
    answered = true;
    // workout(1) starts 2026-10-02T07:00Z and lasts 30 minutes.
    expect(seen).toEqual([{ appId: expect.any(String), profileId: p.publicId, from: new Date('2026-10-02T07:00:00Z'), to: new Date('2026-10-02T07:30:00Z'), answeredBefore: false }]);
    await upload(p, { source: 'GARMIN', workout: [workout(1)], weight: [{ external_id: 'w', timestamp: '2026-10-01T00:00:00Z', weight: 60 }] }).expect(201);
    expect(seen).toHaveLength(1);
    await test.http.post(path(p, 'event/')).set('Authorization', `Bearer ${admin}`).send({ name: 'Quiz', points: 1, timestamp: '2026-10-05T10:00:00Z' }).expect(201);
    expect(seen[1]).toMatchObject({ from: new Date('2026-10-05T10:00:00Z'), to: new Date('2026-10-05T10:00:00.001Z') });
  });

  describe('bad input: a 4xx problem naming record and field, nothing stored', () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const cases: [string, unknown, number, string | null][] = [
      ['wrong type', { source: 'GARMIN', workout: [workout(1, { distance: 'far' })] }, 400, 'workout[0].distance'],
      ['unknown source', { source: 'MYSPACE', workout: [workout(1)] }, 400, 'source'],
      ['missing source', { workout: [workout(1)] }, 400, 'source'],
      ['unknown measurement type', { source: 'GARMIN', biometric_measurement: [{ external_id: 'x', timestamp: '2026-10-01T00:00:00Z', measurement_type: 'MOOD', value: 1 }] }, 400, 'biometric_measurement[0].measurement_type'],
      ['negative distance', { source: 'GARMIN', workout: [workout(1), workout(2), workout(3), workout(4, { distance: -1 })] }, 400, 'workout[3].distance'],
      ['negative duration', { source: 'GARMIN', workout: [workout(1, { duration: '-00:10:00' })] }, 400, 'workout[0].duration'],
      ['end before start', { source: 'GARMIN', sleep_summary: [{ external_id: 's', start_time: '2026-10-02T06:00:00Z', end_time: '2026-10-01T23:00:00Z' }] }, 400, 'sleep_summary[0].end_time'],
      ['date more than a day ahead', { source: 'GARMIN', weight: [{ external_id: 'w', timestamp: future, weight: 70 }] }, 400, 'weight[0].timestamp'],
      ['unknown field', { source: 'GARMIN', workout: [workout(1, { mood: 'happy' })] }, 400, 'workout[0].mood'],
      ['unknown data type', { source: 'GARMIN', steps: [] }, 400, 'steps'],
      ['missing external_id', { source: 'GARMIN', weight: [{ timestamp: '2026-10-01T00:00:00Z', weight: 70 }] }, 400, 'weight[0].external_id'],
      ['repeated external_id', { source: 'GARMIN', weight: [{ external_id: 'a', timestamp: '2026-10-01T00:00:00Z', weight: 70 }, { external_id: 'a', timestamp: '2026-10-02T00:00:00Z', weight: 71 }] }, 400, 'weight[1].external_id'],
      ['ecg sample not a pair', { source: 'GARMIN', ecg_recordings: [{ external_id: 'e', start_time: '2026-10-01T00:00:00Z', sampling_frequency: 1, samples: [[0]] }] }, 400, 'ecg_recordings[0].samples[0]'],
      ['not an array', { source: 'GARMIN', workout: {} }, 400, 'workout'],
      ['oversized batch', { source: 'GARMIN', weight: Array.from({ length: 1001 }, (_, i) => ({ external_id: `w${i}`, timestamp: '2026-10-01T00:00:00Z', weight: 70 })) }, 413, null],
    ];

    it.each(cases)('%s', async (_name, body, status, field) => {
      const before = await databaseSnapshot(test);
      const response = await upload(ann, body);
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      if (field) expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
      else expect(response.body.detail).toMatch(/1001 records; at most 1000/);
      expect(await databaseSnapshot(test)).toEqual(before);
    });

    it.each([
      ['measurement_type missing', 'biometric_measurement/', 'measurement_type'],
      ['measurement_type unknown', 'biometric_measurement/?measurement_type=MOOD', 'measurement_type'],
      ['page_size over 1000', 'workout/?page_size=1001', 'page_size'],
      ['bad cursor', 'workout/?cursor=nope', 'cursor'],
      ['bad date', 'workout/?date_start=yesterday', 'date_start'],
      ['unknown parameter', 'weight/?deduplicate=true', 'deduplicate'],
      ['deduplicate not a boolean', 'workout/?deduplicate=yes', 'deduplicate'],
    ])('pull: %s', async (_name, rest, field) => {
      const response = await get(path(ann, rest)).expect(400);
      expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    });
  });
});
