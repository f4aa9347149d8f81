import { adminBearer, basic, createClientApp, createProfile, startTestApp, TestApp } from './support/test-app';

describe('health and logs', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp();
  });
  afterAll(() => test.close());

  it('reports the database as reachable', async () => {
    const response = await test.http.get('/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('writes one JSON line per request with a request id, echoed in X-Request-Id', async () => {
    const response = await test.http.get('/health').set('X-Request-Id', 'trace-abc-123').expect(200);
    expect(response.headers['x-request-id']).toBe('trace-abc-123');
    const line = test.logs.map((l) => JSON.parse(l)).find((entry) => entry.req?.id === 'trace-abc-123');
    expect(line).toMatchObject({ level: 30, req: { method: 'GET', path: '/health' }, res: { statusCode: 200 }, msg: 'request completed' });

    const generated = await test.http.get('/health').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs a client secret or a bearer, even when they travel in the query string or a body', async () => {
    const credentials = await createClientApp(test);
    const admin = await adminBearer(test, credentials);
    const profile = await createProfile(test, admin, { name: 'Secretive' });
    await test.http.get(`/api/v1/profile/?search=${profile.bearer}`).set('Authorization', `Bearer ${profile.bearer}`).expect(200);
    await test.http.post('/api/v1/token/').set('Authorization', basic({ ...credentials, clientSecret: `${credentials.clientSecret}x` })).expect(401);
    await test.http.post('/api/v1/profile/').set('Authorization', `Bearer ${admin}`).send({ name: admin, reference: credentials.clientSecret }).expect(201);
    await test.http.get('/api/v1/profile/').set('Authorization', 'Bearer expired-or-made-up-token-value').expect(401);

    expect(test.logs.length).toBeGreaterThan(5);
    const everything = test.logs.join('\n');
    for (const secret of [credentials.clientSecret, admin, profile.bearer, 'expired-or-made-up-token-value']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/authorization/i);
  });

  it('logs a client error at warn with the path as asked (no query string), and the response time', async () => {
    await test.http.get('/api/v1.1/profile/?search=x').set('X-Request-Id', 'trace-401').expect(401);
    const line = test.logs.map((l) => JSON.parse(l)).find((entry) => entry.req?.id === 'trace-401');
    expect(line).toMatchObject({ level: 40, req: { method: 'GET', path: '/api/v1.1/profile/' }, res: { statusCode: 401 }, msg: 'request completed' });
    expect(typeof line.responseTime).toBe('number');
  });

  it('writes no line below LOG_LEVEL, yet still answers X-Request-Id', async () => {
    const quiet = await startTestApp({ env: { LOG_LEVEL: 'warn' } });
    try {
      const ok = await quiet.http.get('/health').set('X-Request-Id', 'quiet-200').expect(200);
      expect(ok.headers['x-request-id']).toBe('quiet-200');
      await quiet.http.get('/api/v1/profile/').set('X-Request-Id', 'quiet-401').expect(401);
      const ids = quiet.logs.map((l) => JSON.parse(l).req?.id).filter(Boolean);
      expect(ids).toEqual(['quiet-401']);
    } finally {
      await quiet.close();
    }
  });
});
