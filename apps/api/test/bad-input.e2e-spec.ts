import { adminBearer, AppCredentials, basic, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, startTestApp, TestApp } from './support/test-app';

/**
 * Bad input to every endpoint: a clear 4xx problem-details answer naming the
 * problem, and not a single row of the database changed.
 */
describe('bad input', () => {
  let test: TestApp;
  let admin: string;
  let profile: CreatedTestProfile;
  let credentials: AppCredentials;

  beforeAll(async () => {
    test = await startTestApp({ env: { BODY_LIMIT: '64kb' } });
    credentials = await createClientApp(test);
    admin = await adminBearer(test, credentials);
    profile = await createProfile(test, admin, { name: 'Ann', gender: 'female', reference: 'r' });
  });
  afterAll(() => test.close());

  const huge = 'x'.repeat(10_000);
  const oversized = JSON.stringify({ name: 'x'.repeat(70 * 1024) });

  type Send = (t: TestApp) => ReturnType<TestApp['http']['get']>;
  const asAdmin = (send: Send): Send => (t) => send(t).set('Authorization', `Bearer ${admin}`);
  const asProfile = (send: Send): Send => (t) => send(t).set('Authorization', `Bearer ${profile.bearer}`);
  const profilePath = () => `/api/v1/profile/${profile.publicId}/`;
  const cursor = (body: unknown) => Buffer.from(JSON.stringify(body)).toString('base64url');
  const run = (extra: Record<string, unknown> = {}) => ({
    external_id: 'run-1', timestamp: '2026-11-01T07:00:00Z', duration: '00:45:00', type: 'RUNNING', distance: 8000, ...extra,
  });
  const POINTS = {
    daily: { per_1000_steps: 1, per_kilometre: 0, per_kcal: 0, per_active_minute: 0, max_per_day: null },
    activities: [],
    other_activities: { per_workout: 0, per_kilometre: 0, per_minute: 0.1, per_kcal: 0, min_duration_seconds: 300, max_per_workout: null },
  };
  const pointsWith = (change: { daily?: object; other_activities?: object }) => ({
    ...POINTS, daily: { ...POINTS.daily, ...change.daily }, other_activities: { ...POINTS.other_activities, ...change.other_activities },
  });
  /** A JSON body sent as written (escapes JSON.stringify would not write). */
  const json = (call: ReturnType<TestApp['http']['get']>, text: string) => call.set('Content-Type', 'application/json').send(text);

  const cases: [string, Send, number, string | null][] = [
    // POST /profile/
    ['create: missing name', asAdmin((t) => t.http.post('/api/v1/profile/').send({})), 400, 'name'],
    ['create: name of the wrong type', asAdmin((t) => t.http.post('/api/v1/profile/').send({ name: 42 })), 400, 'name'],
    ['create: empty name', asAdmin((t) => t.http.post('/api/v1/profile/').send({ name: '' })), 400, 'name'],
    ['create: huge name', asAdmin((t) => t.http.post('/api/v1/profile/').send({ name: huge })), 400, 'name'],
    ['create: gender of the wrong type', asAdmin((t) => t.http.post('/api/v1/profile/').send({ name: 'A', gender: ['f'] })), 400, 'gender'],
    ['create: unknown field', asAdmin((t) => t.http.post('/api/v1/profile/').send({ name: 'A', is_admin: true })), 400, 'is_admin'],
    ['create: a JSON array', asAdmin((t) => t.http.post('/api/v1/profile/').send([{ name: 'A' }])), 400, null],
    ['create: malformed JSON', asAdmin((t) => t.http.post('/api/v1/profile/').set('Content-Type', 'application/json').send('{"name": "A"')), 400, null],
    ['create: text/plain body', asAdmin((t) => t.http.post('/api/v1/profile/').set('Content-Type', 'text/plain').send('name=A')), 415, null],
    ['create: form body', asAdmin((t) => t.http.post('/api/v1/profile/').type('form').send({ name: 'A' })), 415, null],
    ['create: oversized body', asAdmin((t) => t.http.post('/api/v1/profile/').set('Content-Type', 'application/json').send(oversized)), 413, null],
    // GET /profile/
    ['list: limit not a number', asAdmin((t) => t.http.get('/api/v1/profile/?limit=ten')), 400, 'limit'],
    ['list: limit over 100', asAdmin((t) => t.http.get('/api/v1/profile/?limit=101')), 400, 'limit'],
    ['list: negative offset', asAdmin((t) => t.http.get('/api/v1/profile/?offset=-1')), 400, 'offset'],
    ['list: huge search', asAdmin((t) => t.http.get(`/api/v1/profile/?search=${huge}`)), 400, 'search'],
    ['list: unknown query parameter', asAdmin((t) => t.http.get('/api/v1/profile/?colour=red')), 400, 'colour'],
    ['list: unknown ordering', asAdmin((t) => t.http.get('/api/v1/profile/?ordering=secret')), 400, null],
    // GET/PUT/PATCH/DELETE /profile/{id}/
    ['read: bad uuid', asProfile((t) => t.http.get('/api/v1/profile/not-a-uuid/')), 400, 'public_id'],
    ['read: unknown profile', asAdmin((t) => t.http.delete('/api/v1/profile/00000000-0000-4000-8000-000000000000/')), 404, null],
    ['put: missing name', asProfile((t) => t.http.put(profilePath()).send({ gender: 'x' })), 400, 'name'],
    ['put: name of the wrong type', asProfile((t) => t.http.put(profilePath()).send({ name: { first: 'A' } })), 400, 'name'],
    ['put: bad public_id', asProfile((t) => t.http.put(profilePath()).send({ name: 'A', public_id: 'nope' })), 400, 'public_id'],
    ['put: unknown field', asProfile((t) => t.http.put(profilePath()).send({ name: 'A', bearer: 'x' })), 400, 'bearer'],
    ['put: bad uuid', asProfile((t) => t.http.put('/api/v1/profile/123/').send({ name: 'A' })), 400, 'public_id'],
    ['patch: reference of the wrong type', asProfile((t) => t.http.patch(profilePath()).send({ reference: 7 })), 400, 'reference'],
    ['patch: huge reference', asProfile((t) => t.http.patch(profilePath()).send({ reference: huge })), 400, 'reference'],
    ['patch: malformed JSON', asProfile((t) => t.http.patch(profilePath()).set('Content-Type', 'application/json').send('{name:')), 400, null],
    ['patch: wrong content type', asProfile((t) => t.http.patch(profilePath()).set('Content-Type', 'application/xml').send('<name>A</name>')), 415, null],
    ['patch: oversized body', asProfile((t) => t.http.patch(profilePath()).set('Content-Type', 'application/json').send(oversized)), 413, null],
    ['delete: bad uuid', asAdmin((t) => t.http.delete('/api/v1/profile/%E0%A4%A/')), 400, null],
    // POST /token/
    ['token: malformed Basic credentials', (t) => t.http.post('/api/v1/token/').set('Authorization', 'Basic !!!'), 401, null],
    ['token: oversized JSON body', (t) => t.http.post('/api/v1/token/').set('Content-Type', 'application/json').send(oversized), 413, null],
    ['unknown route', asAdmin((t) => t.http.get('/api/v1/nothing-here/')), 404, null],
    // Text PostgreSQL cannot store: refused before anything reaches the database (issue 10).
    ['create: NUL in the name', asAdmin((t) => t.http.post('/api/v1/profile/').send({ name: 'A\u0000B' })), 400, 'name'],
    ['create: a lone surrogate in the name', asAdmin((t) => json(t.http.post('/api/v1/profile/'), '{"name": "A\\ud800"}')), 400, 'name'],
    ['create: a NUL field name', asAdmin((t) => json(t.http.post('/api/v1/profile/'), '{"name": "A", "\\u0000": 1}')), 400, '\\u0000'],
    ['list: NUL in search', asAdmin((t) => t.http.get('/api/v1/profile/?search=a%00b')), 400, 'search'],
    ['patch: null for the name', asProfile((t) => t.http.patch(profilePath()).send({ name: null })), 400, 'name'],
    ['patch: null for the reference', asProfile((t) => t.http.patch(profilePath()).send({ reference: null })), 400, 'reference'],
    ['put: null for the reference', asProfile((t) => t.http.put(profilePath()).send({ name: 'A', reference: null })), 400, 'reference'],
    ['patch: NUL in the reference', asProfile((t) => t.http.patch(profilePath()).send({ reference: '\u0000' })), 400, 'reference'],
    ['create: JSON nested 10,000 deep', asAdmin((t) => json(t.http.post('/api/v1/profile/'), `{"name": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`)), 400, null],
    ['create: JSON nested 65 deep', asAdmin((t) => json(t.http.post('/api/v1/profile/'), `${'{"a":'.repeat(64)}1${'}'.repeat(64)}`)), 400, null],
    ['put: a constructor field', asProfile((t) => t.http.put(profilePath()).send({ name: 'A', constructor: 1 })), 400, 'constructor'],
    ['create: __proto__ in the body', asAdmin((t) => json(t.http.post('/api/v1/profile/'), '{"name": "A", "__proto__": {"admin": true}}')), 400, null],
    // Numbers beyond what the database takes.
    ['list: offset of 20 digits', asAdmin((t) => t.http.get('/api/v1/profile/?offset=99999999999999999999')), 400, 'offset'],
    ['list: offset of 1e308', asAdmin((t) => t.http.get('/api/v1/profile/?offset=1e308')), 400, 'offset'],
    ['list: offset over 10,000,000', asAdmin((t) => t.http.get('/api/v1/profile/?offset=10000001')), 400, 'offset'],
    ['list: limit of 1e308', asAdmin((t) => t.http.get('/api/v1/profile/?limit=1e308')), 400, 'limit'],
    // Unknown query parameters on operations that take none.
    ['read: unknown query parameter', asProfile((t) => t.http.get(`${profilePath()}?expand=all`)), 400, 'expand'],
    ['put: unknown query parameter', asProfile((t) => t.http.put(`${profilePath()}?force=1`).send({ name: 'A' })), 400, 'force'],
    ['delete: unknown query parameter', asAdmin((t) => t.http.delete(`${profilePath()}?cascade=true`)), 400, 'cascade'],
    ['token: unknown query parameter', (t) => t.http.post('/api/v1/token/?grant_type=x').set('Authorization', basic(credentials)), 400, 'grant_type'],
    ['health: unknown query parameter', (t) => t.http.get('/health?verbose=1'), 400, 'verbose'],
    // Over the server's limits: Fastify's and Node's own refusals are problems too.
    ['a header over the limit', asAdmin((t) => t.http.get('/api/v1/profile/').set('X-Padding', 'x'.repeat(20_000))), 431, null],
    ['a URL over the limit', asAdmin((t) => t.http.get(`/api/v1/profile/?search=${'x'.repeat(20_000)}`)), 431, null],
    // The data platform: numbers, times and cursors with bounds (issue 10).
    ['event: 1e308 points', asAdmin((t) => t.http.post(`${profilePath()}event/`).send({ name: 'e', points: 1e308 })), 400, 'points'],
    ['event: points over a million', asAdmin((t) => t.http.post(`${profilePath()}event/`).send({ name: 'e', points: 1_000_000.5 })), 400, 'points'],
    ['event: unknown query parameter', asAdmin((t) => t.http.post(`${profilePath()}event/?dry_run=1`).send({ name: 'e', points: 1 })), 400, 'dry_run'],
    ['event: a year-0001 timestamp', asAdmin((t) => t.http.post(`${profilePath()}event/`).send({ name: 'e', points: 1, timestamp: '0001-01-01T00:00:00Z' })), 400, 'timestamp'],
    ['event: NUL in the name', asAdmin((t) => t.http.post(`${profilePath()}event/`).send({ name: 'e\u0000', points: 1 })), 400, 'name'],
    ['points: a rate of 1e308', asAdmin((t) => t.http.put('/api/v1/app/points/').send(pointsWith({ daily: { per_1000_steps: 1e308 } }))), 400, 'daily.per_1000_steps'],
    ['points: a daily cap over 1e9', asAdmin((t) => t.http.put('/api/v1/app/points/').send(pointsWith({ daily: { max_per_day: 1e10 } }))), 400, 'daily.max_per_day'],
    ['points: a minimum duration over 7 days', asAdmin((t) => t.http.put('/api/v1/app/points/').send(pointsWith({ other_activities: { min_duration_seconds: 604_801 } }))), 400, 'other_activities.min_duration_seconds'],
    ['points: a rule rate over 10000', asAdmin((t) => t.http.put('/api/v1/app/points/').send({ ...pointsWith({}), activities: [{ ...POINTS.other_activities, activity_type: 'RUNNING', per_workout: 10_001 }] })), 400, 'activities[0].per_workout'],
    ['upload: a duration of 99999999999 hours', asAdmin((t) => t.http.post(`${profilePath()}data/`).send({ source: 'GARMIN', workout: [run({ duration: '99999999999:00:00' })] })), 400, 'workout[0].duration'],
    ['upload: a year-0001 timestamp', asAdmin((t) => t.http.post(`${profilePath()}data/`).send({ source: 'GARMIN', weight: [{ external_id: 'w', timestamp: '0001-01-01T00:00:00Z', weight: 70 }] })), 400, 'weight[0].timestamp'],
    ['upload: a distance of 1e308', asAdmin((t) => t.http.post(`${profilePath()}data/`).send({ source: 'GARMIN', workout: [run({ distance: 1e308 })] })), 400, 'workout[0].distance'],
    ['upload: steps over a million', asAdmin((t) => t.http.post(`${profilePath()}data/`).send({ source: 'GARMIN', daily_summary: [{ external_id: 'd', date: '2026-11-01', distance: 0, steps: 1_000_001, calories: 0 }] })), 400, 'daily_summary[0].steps'],
    ['upload: a lone surrogate in an external id', asAdmin((t) => json(t.http.post(`${profilePath()}data/`), `{"source": "GARMIN", "workout": [${JSON.stringify(run()).replace('"run-1"', '"run\\udc00"')}]}`)), 400, 'workout[0].external_id'],
    ['upload: NUL in a workout name', asAdmin((t) => t.http.post(`${profilePath()}data/`).send({ source: 'GARMIN', workout: [run({ name: 'Morning\u0000run' })] })), 400, 'workout[0].name'],
    ['upload: unknown query parameter', asAdmin((t) => t.http.post(`${profilePath()}data/?validate_only=true`).send({ source: 'GARMIN', workout: [run()] })), 400, 'validate_only'],
    ['pull: a cursor at 9e15 ms', asProfile((t) => t.http.get(`${profilePath()}workout/?cursor=${cursor({ k: 'workout', d: 'n', t: 9e15, i: '1' })}`)), 400, 'cursor'],
    ['pull: a cursor of the event list on weight', asProfile((t) => t.http.get(`${profilePath()}weight/?cursor=${cursor({ k: 'event', d: 'n', t: 1_700_000_000_000, i: null })}`)), 400, 'cursor'],
    ['pull: an event cursor with a non-uuid id', asProfile((t) => t.http.get(`${profilePath()}event/?cursor=${cursor({ k: 'event', d: 'n', t: 1_700_000_000_000, i: '123' })}`)), 400, 'cursor'],
    ['pull: a deduplicated workout cursor with a non-numeric id', asProfile((t) => t.http.get(`${profilePath()}workout/?deduplicate=true&cursor=${cursor({ k: 'workout:deduplicated', d: 'n', t: 1_700_000_000_000, i: 'abc' })}`)), 400, 'cursor'],
    ['pull: a cursor without its list', asProfile((t) => t.http.get(`${profilePath()}weight/?cursor=${cursor({ d: 'n', t: 1_700_000_000_000, i: '1' })}`)), 400, 'cursor'],
    ['pull: a garbled cursor', asProfile((t) => t.http.get(`${profilePath()}weight/?cursor=%E0%A4%A`)), 400, null],
    ['pull: a year-0001 date_start', asProfile((t) => t.http.get(`${profilePath()}weight/?date_start=0001-01-01T00:00:00Z`)), 400, 'date_start'],
    ['pull: a date_end in 2100', asProfile((t) => t.http.get(`${profilePath()}event/?date_end=2100-01-01T00:00:00Z`)), 400, 'date_end'],
    ['pull: page_size of 1e308', asProfile((t) => t.http.get(`${profilePath()}weight/?page_size=1e308`)), 400, 'page_size'],
    ['ecg data: a year-0001 date_end', asProfile((t) => t.http.get(`${profilePath()}ecg_recordings/data/?date_end=0001-01-01T00:00:00Z`)), 400, 'date_end'],
    ['a path parameter over the limit', asAdmin((t) => t.http.get(`/api/v1/profile/${'x'.repeat(150)}/`)), 414, null],
  ];

  it.each(cases)('%s: %i problem details, nothing stored', async (_name, send, status, field) => {
    const before = await databaseSnapshot(test);
    const response = await send(test);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).toMatchObject({ status, title: expect.any(String), detail: expect.any(String), type: expect.stringMatching(/^urn:strive:problem:/) });
    if (field) expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await databaseSnapshot(test)).toEqual(before);
  });

  it('names every invalid field at once', async () => {
    const response = await test.http
      .post('/api/v1/profile/')
      .set('Authorization', `Bearer ${admin}`)
      .send({ name: 1, gender: 2, reference: 3, extra: 4 })
      .expect(400);
    expect([...new Set(response.body.errors.map((e: { field: string }) => e.field))].sort()).toEqual(['extra', 'gender', 'name', 'reference']);
    expect(response.body.errors).toContainEqual({ field: 'extra', message: 'unknown field: extra is not accepted here' });
  });

  it('accepts Basic credentials that look valid but are wrong with 401, never 500', async () => {
    const response = await test.http.post('/api/v1/token/').set('Authorization', basic({ clientId: 'x'.repeat(5000), clientSecret: 'y' }));
    expect(response.status).toBe(401);
  });
});
