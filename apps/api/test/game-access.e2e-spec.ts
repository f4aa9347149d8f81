import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, databaseSnapshot, startTestApp, TestApp } from './support/test-app';

/**
 * interface.md "Authentication" for every gamification operation, and bad input to each of them:
 * who gets what, and a refused call changes no row.
 */
type Caller = 'none' | 'admin' | 'own' | 'otherAppAdmin';
const NIL = '00000000-0000-4000-8000-000000000000';

interface Fixture {
  challenge: string;
  teamChallenge: string;
  team: string;
  target: CreatedTestProfile;
}

interface Operation {
  name: string;
  call: (t: TestApp, f: Fixture) => ReturnType<TestApp['http']['get']>;
  expected: Record<Caller, number>;
}

const C = (f: Fixture) => `/api/v1/challenge/${f.challenge}`;
const T = (f: Fixture) => `/api/v1/team/${f.team}`;

const OPERATIONS: Operation[] = [
  { name: 'GET /app/totals/', call: (t) => t.http.get('/api/v1/app/totals/'), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 200 } },
  { name: 'GET /challenge/', call: (t) => t.http.get('/api/v1/challenge/'), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 200 } },
  { name: 'GET /challenge/{id}/', call: (t, f) => t.http.get(`${C(f)}/`), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 404 } },
  { name: 'PATCH /challenge/{id}/', call: (t, f) => t.http.patch(`${C(f)}/`).send({ title: 'x' }), expected: { none: 401, admin: 200, own: 403, otherAppAdmin: 404 } },
  { name: 'DELETE /challenge/{id}/', call: (t, f) => t.http.delete(`${C(f)}/`), expected: { none: 401, admin: 204, own: 403, otherAppAdmin: 404 } },
  { name: 'POST /challenge/{id}/member/', call: (t, f) => t.http.post(`${C(f)}/member/`).send({ profile: f.target.publicId }), expected: { none: 401, admin: 201, own: 201, otherAppAdmin: 404 } },
  { name: 'GET /challenge/{id}/members/', call: (t, f) => t.http.get(`${C(f)}/members/`), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 404 } },
  { name: 'POST /challenge/{id}/members/', call: (t, f) => t.http.post(`${C(f)}/members/`).send({ profiles: [f.target.publicId] }), expected: { none: 401, admin: 201, own: 403, otherAppAdmin: 404 } },
  { name: 'POST /challenge/{id}/remove_members/', call: (t, f) => t.http.post(`${C(f)}/remove_members/`).send({ profiles: [f.target.publicId] }), expected: { none: 401, admin: 201, own: 403, otherAppAdmin: 404 } },
  { name: 'GET /challenge/{id}/leaderboard/', call: (t, f) => t.http.get(`${C(f)}/leaderboard/`), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 404 } },
  { name: 'GET /challenge/{id}/leaderboard_history/ (not a member)', call: (t, f) => t.http.get(`${C(f)}/leaderboard_history/`), expected: { none: 401, admin: 403, own: 404, otherAppAdmin: 403 } },
  { name: 'GET /challenge/{id}/periods/', call: (t, f) => t.http.get(`${C(f)}/periods/`), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 404 } },
  { name: 'GET /challenge/{id}/team/', call: (t, f) => t.http.get(`/api/v1/challenge/${f.teamChallenge}/team/`), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 404 } },
  { name: 'GET /challenge/{id}/team/ of an INDIVIDUAL challenge', call: (t, f) => t.http.get(`${C(f)}/team/`), expected: { none: 401, admin: 404, own: 404, otherAppAdmin: 404 } },
  { name: 'GET /challenge/{id}/team/{team}/', call: (t, f) => t.http.get(`/api/v1/challenge/${f.teamChallenge}/team/${f.team}/`), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 404 } },
  { name: 'POST /challenge/{id}/deactivate_member/ (not a member)', call: (t, f) => t.http.post(`${C(f)}/deactivate_member/?profile=${f.target.publicId}`), expected: { none: 401, admin: 404, own: 404, otherAppAdmin: 404 } },
  { name: 'PUT /challenge/{id}/deactivate_members/', call: (t, f) => t.http.put(`${C(f)}/deactivate_members/`).send({ profiles: [f.target.publicId] }), expected: { none: 401, admin: 403, own: 404, otherAppAdmin: 403 } },
  { name: 'GET /team/', call: (t) => t.http.get('/api/v1/team/'), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 200 } },
  { name: 'POST /team/', call: (t) => t.http.post('/api/v1/team/').send({ name: 'T' }), expected: { none: 401, admin: 201, own: 201, otherAppAdmin: 201 } },
  { name: 'GET /team/{id}/', call: (t, f) => t.http.get(`${T(f)}/`), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 404 } },
  { name: 'PUT /team/{id}/', call: (t, f) => t.http.put(`${T(f)}/`).send({ name: 'U' }), expected: { none: 401, admin: 200, own: 200, otherAppAdmin: 404 } },
  { name: 'POST /team/{id}/member/', call: (t, f) => t.http.post(`${T(f)}/member/`).send({ profile: f.target.publicId }), expected: { none: 401, admin: 201, own: 201, otherAppAdmin: 404 } },
  { name: 'POST /team/{id}/members/', call: (t, f) => t.http.post(`${T(f)}/members/`).send({ profiles: [f.target.publicId] }), expected: { none: 401, admin: 201, own: 403, otherAppAdmin: 404 } },
  { name: 'POST /team/{id}/remove_members/', call: (t, f) => t.http.post(`${T(f)}/remove_members/`).send({ profiles: [f.target.publicId] }), expected: { none: 401, admin: 201, own: 403, otherAppAdmin: 404 } },
  { name: 'GET /profile/{id}/challenge/', call: (t, f) => t.http.get(`/api/v1/profile/${f.target.publicId}/challenge/`), expected: { none: 401, admin: 403, own: 200, otherAppAdmin: 404 } },
  { name: 'GET /profile/{id}/challenges/', call: (t, f) => t.http.get(`/api/v1/profile/${f.target.publicId}/challenges/`), expected: { none: 401, admin: 403, own: 200, otherAppAdmin: 404 } },
];

describe('gamification access and bad input', () => {
  let test: TestApp;
  let admin: string;
  let otherAppAdmin: string;
  const auth = bearerAuth;
  const body = { title: 'C', start: '2026-01-01T00:00:00Z', end: '2036-01-01T00:00:00Z', type: 'INDIVIDUAL', goal: 'TOTAL', goal_value: 1, goal_type: 'STEPS' };

  const fixture = async (): Promise<Fixture> => {
    const target = await createProfile(test, admin, { name: 'Target' });
    const challenge = (await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body).expect(201)).body.public_id;
    const teamChallenge = (await test.http.post('/api/v1/challenge/').set(auth(admin)).send({ ...body, type: 'TEAM' }).expect(201)).body.public_id;
    const team = (await test.http.post('/api/v1/team/').set(auth(admin)).send({ name: 'Red' }).expect(201)).body.public_id;
    return { challenge, teamChallenge, team, target };
  };

  beforeAll(async () => {
    test = await startTestApp();
    admin = await adminBearer(test, await createClientApp(test, 'A'));
    otherAppAdmin = await adminBearer(test, await createClientApp(test, 'B'));
  });
  afterAll(() => test.close());

  const cases = OPERATIONS.flatMap((op) => (['none', 'admin', 'own', 'otherAppAdmin'] as Caller[]).map((caller) => [op.name, caller, op.expected[caller], op] as const));

  it.each(cases)('%s as %s answers %i', async (_name, caller, status, operation) => {
    const f = await fixture();
    let call = operation.call(test, f);
    if (caller === 'own') call = call.set(auth(f.target.bearer));
    else if (caller === 'admin') call = call.set(auth(admin));
    else if (caller === 'otherAppAdmin') call = call.set(auth(otherAppAdmin));
    const response = await call;
    expect(response.status).toBe(status);
    if (status >= 400) expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it.each<[string, (f: Fixture) => [method: 'get' | 'post' | 'put' | 'patch', path: string, body?: unknown], string | null]>([
    ['challenge: bad uuid', () => ['get', '/api/v1/challenge/nope/'], 'public_id'],
    ['challenge: unknown id', () => ['get', `/api/v1/challenge/${NIL}/`], null],
    ['challenge list: unknown query parameter', () => ['get', '/api/v1/challenge/?status=open'], 'status'],
    ['challenge create: missing title', () => ['post', '/api/v1/challenge/', { ...body, title: undefined }], 'title'],
    ['challenge create: bad enum', () => ['post', '/api/v1/challenge/', { ...body, goal: 'HOURLY' }], 'goal'],
    ['challenge create: grace_days too large', () => ['post', '/api/v1/challenge/', { ...body, grace_days: 1000 }], 'grace_days'],
    ['challenge create: activity type not upper-case', () => ['post', '/api/v1/challenge/', { ...body, activity_types: ['run'] }], 'activity_types'],
    ['challenge create: five years of days plus one', () => ['post', '/api/v1/challenge/', { ...body, goal: 'DAILY', start: '2026-01-01T00:00:00Z', end: '2031-01-06T00:00:00Z' }], null],
    ['challenge patch: goal_value a string', (f) => ['patch', `${C(f)}/`, { goal_value: 'ten' }], 'goal_value'],
    ['member: profile not a uuid', (f) => ['post', `${C(f)}/member/`, { profile: 'me' }], 'profile'],
    ['member: unknown profile', (f) => ['post', `${C(f)}/member/`, { profile: NIL }], null],
    ['members: not a list', (f) => ['post', `${C(f)}/members/`, { profiles: 'all' }], 'profiles'],
    ['leaderboard: date_range out of range', (f) => ['get', `${C(f)}/leaderboard/?date_range=5`], null],
    ['leaderboard: date_range negative', (f) => ['get', `${C(f)}/leaderboard/?date_range=-1`], 'date_range'],
    ['leaderboard: limit over 100', (f) => ['get', `${C(f)}/leaderboard/?limit=101`], 'limit'],
    ['leaderboard: limit not a number', (f) => ['get', `${C(f)}/leaderboard/?limit=ten`], 'limit'],
    ['leaderboard: unknown query parameter', (f) => ['get', `${C(f)}/leaderboard/?sort=score`], 'sort'],
    ['leaderboard: bad uuid', () => ['get', '/api/v1/challenge/nope/leaderboard/'], 'public_id'],
    ['leaderboard: unknown id', () => ['get', `/api/v1/challenge/${NIL}/leaderboard/`], null],
    ['team create: empty name', () => ['post', '/api/v1/team/', { name: '' }], 'name'],
    ['team contribution: unknown team', (f) => ['get', `/api/v1/challenge/${f.teamChallenge}/team/${NIL}/`], null],
  ])('%s: a 4xx problem naming the field, nothing changed', async (_name, request, field) => {
    const f = await fixture();
    const before = await databaseSnapshot(test);
    const [method, path, payload] = request(f);
    const response = await test.http[method](path).set(auth(admin)).send(payload as object);
    expect([400, 404]).toContain(response.status);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    if (field) expect(response.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await databaseSnapshot(test)).toEqual(before);
  });
});
