import { createStriveClient, requestAdminBearer, StriveClient } from '@strive/client';
import { createClientApp, startTestApp, TestApp } from './support/test-app';

/**
 * An integrator's first day through the typed client (clients/typescript, generated from
 * docs/openapi.json): token, points rules, profiles, a challenge, joining, uploads, the
 * leaderboard and points. Every body and answer below is typed by the generated schema, so a
 * change of the API that breaks an integrator breaks the type check of this file.
 */
describe('the typed client drives a whole integration', () => {
  let test: TestApp;
  let admin: StriveClient;

  const DAY = 86_400_000;
  const midnight = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  // A DAILY challenge that started the day before yesterday: periods 0, 1 (yesterday), 2 (today), ...
  const start = new Date(midnight - 2 * DAY).toISOString();
  const end = new Date(midnight + 5 * DAY).toISOString();
  const yesterday = dateOf(midnight - DAY);
  const today = dateOf(midnight);

  beforeAll(async () => {
    test = await startTestApp();
    const credentials = await createClientApp(test, 'Typed client app');
    const token = await requestAdminBearer({ baseUrl: test.baseUrl, ...credentials });
    expect(token.token_type).toBe('bearer');
    expect(token.expires_in).toBe(86_400);
    admin = createStriveClient({ baseUrl: test.baseUrl, bearer: token.access_token });
  });
  afterAll(() => test.close());

  it('goes from credentials to a leaderboard and points', async () => {
    // Points: 1 per 1000 steps of a day, nothing else.
    const points = await admin.PUT('/api/v1/app/points', {
      body: {
        daily: { per_1000_steps: 1, per_kilometre: 0, per_kcal: 0, per_active_minute: 0, max_per_day: null },
        activities: [],
        other_activities: null,
      },
    });
    expect(points.response.status).toBe(200);

    const ann = await admin.POST('/api/v1/profile', { body: { name: 'Ann Runner', gender: 'female', reference: 'crm-1042' } });
    const ben = await admin.POST('/api/v1/profile', { body: { name: 'Ben Walker', reference: 'crm-1043' } });
    if (!ann.data || !ben.data) throw new Error(`profiles not created: ${ann.response.status} ${ben.response.status}`);
    expect(ann.data.total_points).toBe(0);
    const annClient = createStriveClient({ baseUrl: test.baseUrl, bearer: ann.data.bearer });

    const challenge = await admin.POST('/api/v1/challenge', {
      body: { title: '10,000 steps a day', start, end, type: 'INDIVIDUAL', goal: 'DAILY', goal_value: 10_000, goal_type: 'STEPS', enrollment_method: 'MANUAL' },
    });
    if (!challenge.data) throw new Error(`challenge not created: ${JSON.stringify(challenge.error)}`);
    const challengeId = challenge.data.public_id;

    // Ann joins with her own bearer; the administrator enrolls Ben.
    const joined = await annClient.POST('/api/v1/challenge/{public_id}/member', {
      params: { path: { public_id: challengeId } }, body: { profile: ann.data.public_id },
    });
    expect(joined.response.status).toBe(201);
    expect(joined.data?.profile).toBe(ann.data.public_id);
    const enrolled = await admin.POST('/api/v1/challenge/{public_id}/member', {
      params: { path: { public_id: challengeId } }, body: { profile: ben.data.public_id },
    });
    expect(enrolled.response.status).toBe(201);

    // Ann uploads from her phone (her bearer), Ben's data comes from the app's server (administrator).
    const annUpload = await annClient.POST('/api/v1/profile/{profile_public_id}/data', {
      params: { path: { profile_public_id: ann.data.public_id } },
      body: {
        source: 'APPLE',
        daily_summary: [
          { external_id: `ann-${yesterday}`, date: yesterday, distance: 9000, steps: 12_000, calories: 2100 },
          { external_id: `ann-${today}`, date: today, distance: 3000, steps: 4000, calories: 800 },
        ],
      },
    });
    expect(annUpload.response.status).toBe(201);
    expect(annUpload.data?.daily_summary).toEqual({ created: 2, updated: 0, unchanged: 0 });
    const benUpload = await admin.POST('/api/v1/profile/{profile_public_id}/data', {
      params: { path: { profile_public_id: ben.data.public_id } },
      body: {
        source: 'GARMIN',
        daily_summary: [
          { external_id: `ben-${yesterday}`, date: yesterday, distance: 6000, steps: 8000, calories: 1900 },
          { external_id: `ben-${today}`, date: today, distance: 7000, steps: 9000, calories: 2000 },
        ],
      },
    });
    expect(benUpload.response.status).toBe(201);
    await test.runScoring(); // what the scoring worker does moments after the uploads

    // Yesterday (period 1): Ann 12,000 reached the goal, Ben 8,000 did not.
    const yesterdayBoard = await admin.GET('/api/v1/challenge/{public_id}/leaderboard', {
      params: { path: { public_id: challengeId }, query: { date_range: 1 } },
    });
    if (!yesterdayBoard.data) throw new Error(`leaderboard: ${JSON.stringify(yesterdayBoard.error)}`);
    expect(yesterdayBoard.data.period.start).toBe(`${yesterday}T00:00:00.000Z`);
    expect(yesterdayBoard.data.results.map((entry) => [entry.rank, entry.profile.name, entry.score, entry.goal_reached])).toEqual([
      [1, 'Ann Runner', 12_000, true],
      [2, 'Ben Walker', 8000, false],
    ]);

    // Today (period 2), as Ann sees it: Ben leads, and her own entry comes back as `requester`.
    const todayBoard = await annClient.GET('/api/v1/challenge/{public_id}/leaderboard', {
      params: { path: { public_id: challengeId }, query: { date_range: 2 } },
    });
    expect(todayBoard.data?.results.map((entry) => [entry.rank, entry.profile.name, entry.score])).toEqual([
      [1, 'Ben Walker', 9000],
      [2, 'Ann Runner', 4000],
    ]);
    expect(todayBoard.data?.requester?.profile.public_id).toBe(ann.data.public_id);

    // Points: Ann 12 + 4 from her steps, then 25 for an event the app awards her.
    const event = await admin.POST('/api/v1/profile/{profile_public_id}/event', {
      params: { path: { profile_public_id: ann.data.public_id } },
      body: { name: 'Completed onboarding quiz', points: 25, reference: 'quiz-1' },
    });
    expect(event.response.status).toBe(201);
    expect(event.data?.points).toBe(25);
    await test.runScoring(); // the worker settles the event's points moments after it
    const annProfile = await annClient.GET('/api/v1/profile/{public_id}', { params: { path: { public_id: ann.data.public_id } } });
    expect(annProfile.data?.total_points).toBe(41);
    const benProfiles = await admin.GET('/api/v1/profile', { params: { query: { search: 'Ben' } } });
    expect(benProfiles.data?.results.map((profile) => [profile.name, profile.total_points])).toEqual([['Ben Walker', 17]]);
  });

  it('returns the problem details of a refusal as the typed error', async () => {
    const missing = await admin.GET('/api/v1/challenge/{public_id}', { params: { path: { public_id: '00000000-0000-4000-8000-000000000000' } } });
    expect(missing.data).toBeUndefined();
    expect(missing.response.status).toBe(404);
    expect(missing.error?.status).toBe(404);
    expect(missing.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    const invalid = await admin.POST('/api/v1/profile', { body: { name: 42 as unknown as string } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.errors).toContainEqual({ field: 'name', message: 'name must be a string' });
  });

  it('refuses bad client credentials with the problem details in the thrown error', async () => {
    await expect(requestAdminBearer({ baseUrl: test.baseUrl, clientId: 'nobody-00000000', clientSecret: 'wrong-secret-000000' })).rejects.toThrow(/answered 401: .*"status":401/);
  });
});
