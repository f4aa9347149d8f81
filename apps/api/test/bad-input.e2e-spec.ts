import { adminBearer, basic, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, startTestApp, TestApp } from './support/test-app';

/**
 * Bad input to every endpoint: a clear 4xx problem-details answer naming the
 * problem, and not a single row of the database changed.
 */
describe('bad input', () => {
  let test: TestApp;
  let admin: string;
  let profile: CreatedTestProfile;

  beforeAll(async () => {
    test = await startTestApp({ env: { BODY_LIMIT: '64kb' } });
    admin = await adminBearer(test, await createClientApp(test));
    profile = await createProfile(test, admin, { name: 'Ann', gender: 'female', reference: 'r' });
  });
  afterAll(() => test.close());

  const huge = 'x'.repeat(10_000);
  const oversized = JSON.stringify({ name: 'x'.repeat(70 * 1024) });

  type Send = (t: TestApp) => ReturnType<TestApp['http']['get']>;
  const asAdmin = (send: Send): Send => (t) => send(t).set('Authorization', `Bearer ${admin}`);
  const asProfile = (send: Send): Send => (t) => send(t).set('Authorization', `Bearer ${profile.bearer}`);
  const profilePath = () => `/api/v1/profile/${profile.publicId}/`;

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
