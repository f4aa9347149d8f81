import { ConfigError, loadConfig } from '../src/config/app-config';
import { adminBearer, AppCredentials, basic, createClientApp, databaseSnapshot, startTestApp, TestApp } from './support/test-app';

// Small limits and a window of an hour, so no window resets while the test runs:
// 3 token requests per client id, 4 requests per bearer, 6 per app.
const LIMITS = { RATE_LIMIT_WINDOW_SECONDS: '3600', RATE_LIMIT_TOKEN_MAX: '3', RATE_LIMIT_BEARER_MAX: '4', RATE_LIMIT_APP_MAX: '6' };

describe('rate limits', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ env: LIMITS });
  });
  afterAll(() => test.close());

  const token = (credentials: AppCredentials) => test.http.post('/api/v1/token/').set('Authorization', basic(credentials));
  const profiles = (bearer: string) => test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${bearer}`);

  function expectTooManyRequests(response: { status: number; headers: Record<string, string>; body: unknown }, limit: number, path: string, what: string) {
    expect(response.status).toBe(429);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).toEqual({
      type: 'urn:strive:problem:too-many-requests',
      title: 'Too Many Requests',
      status: 429,
      detail: `Too many requests ${what}; retry in ${response.headers['retry-after']} s.`,
      instance: path,
    });
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(response.headers['ratelimit-limit']).toBe(String(limit));
    expect(response.headers['ratelimit-remaining']).toBe('0');
    expect(response.headers['ratelimit-reset']).toBe(response.headers['retry-after']);
  }

  it('counts every POST /token/ attempt per client id, failed or not; another client is not affected', async () => {
    const ann = await createClientApp(test, 'Ann app');
    const bob = await createClientApp(test, 'Bob app');

    const first = await token({ ...ann, clientSecret: 'a wrong secret' }).expect(401);
    expect([first.headers['ratelimit-limit'], first.headers['ratelimit-remaining']]).toEqual(['3', '2']);
    const second = await token({ ...ann, clientSecret: 'another wrong secret' }).expect(401);
    expect(second.headers['ratelimit-remaining']).toBe('1');
    const third = await token(ann).expect(200);
    expect(third.headers['ratelimit-remaining']).toBe('0');

    const before = await databaseSnapshot(test);
    // The right secret, but the fourth attempt in the window: refused before it is checked.
    expectTooManyRequests(await token(ann), 3, '/api/v1/token/', 'for this client id');
    expect(await databaseSnapshot(test)).toEqual(before);

    const other = await token(bob).expect(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
  });

  it('counts a percent-encoded path as the router reads it, and refuses a Basic header with extra words', async () => {
    const carl = await createClientApp(test, 'Carl app');
    const header = basic(carl);
    // /api/v1/%74oken/ is routed to POST /token/: it counts against the same client id.
    for (const remaining of ['2', '1', '0']) {
      const answer = await test.http.post('/api/v1/%74oken/').set('Authorization', header).expect(200);
      expect(answer.headers['ratelimit-remaining']).toBe(remaining);
    }
    expect((await token(carl)).status).toBe(429);
    // passport-http would read `Basic <b64> x`; the limit could not key it by client id, so it is refused.
    const dora = await createClientApp(test, 'Dora app');
    await test.http.post('/api/v1/token/').set('Authorization', `${basic(dora)} x`).expect(401);
    // An encoded /api/ prefix is counted per bearer too (4 a window).
    const bearer = `encoded-${Date.now()}`;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await test.http.get('/%61pi/v1/profile/').set('Authorization', `Bearer ${bearer}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });

  it('reads the bearer from the Authorization header only: access_token in the query or body authenticates nobody and never answers 500', async () => {
    const app = await createClientApp(test, 'Query token app');
    const admin = await adminBearer(test, app);
    await test.http.get(`/api/v1/profile/?access_token=${admin}`).expect(401);
    await test.http.get('/api/v1/profile/?access_token=a&access_token=b').expect(401);
    await test.http.post('/api/v1/profile/').send({ access_token: { a: 1 }, name: 'x' }).expect(401);
  });

  it('counts requests per bearer; another bearer of the same app is not affected', async () => {
    const app = await createClientApp(test, 'Bearer app');
    const [first, second] = [await adminBearer(test, app), await adminBearer(test, app)];

    // Bearer limit 4, app limit 6: the headers show the tighter one (the bearer's).
    for (const remaining of ['3', '2', '1', '0']) {
      expect((await profiles(first).expect(200)).headers['ratelimit-remaining']).toBe(remaining);
    }
    expectTooManyRequests(await profiles(first), 4, '/api/v1/profile/', 'for this bearer');
    // Refused before authentication, it did not count against the app: 4 of 6 used.
    const other = await profiles(second).expect(200);
    expect([other.headers['ratelimit-limit'], other.headers['ratelimit-remaining']]).toEqual(['6', '1']);
  });

  it('counts requests per app over all its bearers; another app is not affected', async () => {
    const app = await createClientApp(test, 'Busy app');
    const [first, second] = [await adminBearer(test, app), await adminBearer(test, app)];
    for (let i = 0; i < 3; i++) await profiles(first).expect(200);
    for (let i = 0; i < 3; i++) await profiles(second).expect(200);

    const before = await databaseSnapshot(test);
    // The second bearer has 1 request left, the app none (6 of 6 used).
    const refused = await test.http.post('/api/v1/profile/').set('Authorization', `Bearer ${second}`).send({ name: 'Ann' });
    expectTooManyRequests(refused, 6, '/api/v1/profile/', 'for this app');
    expect(await databaseSnapshot(test)).toEqual(before);

    const quiet = await adminBearer(test, await createClientApp(test, 'Quiet app'));
    const other = await profiles(quiet).expect(200);
    expect([other.headers['ratelimit-limit'], other.headers['ratelimit-remaining']]).toEqual(['4', '3']);
  });

  it('serves /api/v1.1 under the same counters', async () => {
    const bearer = await adminBearer(test, await createClientApp(test, 'Versioned app'));
    for (let i = 0; i < 4; i++) await profiles(bearer).expect(200);
    const refused = await test.http.get('/api/v1.1/profile/').set('Authorization', `Bearer ${bearer}`);
    expectTooManyRequests(refused, 4, '/api/v1.1/profile/', 'for this bearer');
  });

  it('does not count requests without credentials against anyone', async () => {
    for (let i = 0; i < 5; i++) {
      const response = await test.http.get('/api/v1/profile/').expect(401);
      expect(response.headers).not.toHaveProperty('ratelimit-limit');
    }
    expect((await test.http.get('/health').expect(200)).headers).not.toHaveProperty('ratelimit-limit');
  });
});

describe('rate limit configuration', () => {
  it('defaults to 30 token requests per client id, 1,200 per bearer and 60,000 per app a minute, counted in the process', () => {
    expect(loadConfig({}).rateLimit).toEqual({ windowMs: 60_000, tokenMax: 30, bearerMax: 1200, appMax: 60_000, redisUrl: null });
  });

  it.each([
    ['RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['RATE_LIMIT_WINDOW_SECONDS', '3601'],
    ['RATE_LIMIT_TOKEN_MAX', '2.5'],
    ['RATE_LIMIT_BEARER_MAX', 'many'],
    ['RATE_LIMIT_APP_MAX', '-1'],
    ['RATE_LIMIT_REDIS_URL', 'localhost:6379'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });
});

describe('rate limits shared by several API processes (RATE_LIMIT_REDIS_URL)', () => {
  // The machine's Redis, as a deployment of several processes would use one (.ci/run starts it).
  const REDIS_URL = process.env.RATE_LIMIT_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const env = { ...LIMITS, RATE_LIMIT_REDIS_URL: REDIS_URL };
    first = await startTestApp({ env });
    second = await startTestApp({ env });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
  });

  it('counts a bearer once across processes: 4 per window in all, whichever process answers', async () => {
    // Counted before authentication: a bearer of this run only (the window outlives the test).
    const bearer = `shared-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const call = (test: TestApp) => test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${bearer}`);
    const remaining: string[] = [];
    for (const test of [first, second, first, second]) {
      const response = await call(test).expect(401);
      remaining.push(response.headers['ratelimit-remaining']);
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    expect((await call(first)).status).toBe(429);
    expect((await call(second)).status).toBe(429);
  });
});

describe('rate limits when their Redis cannot be reached', () => {
  let test: TestApp;

  beforeAll(async () => {
    // Nothing listens on port 1: every count fails at once (no offline queue).
    test = await startTestApp({ env: { ...LIMITS, RATE_LIMIT_REDIS_URL: 'redis://127.0.0.1:1' } });
  });
  afterAll(() => test.close());

  it('lets requests through uncounted rather than failing them', async () => {
    const bearer = await adminBearer(test, await createClientApp(test, 'Outage app'));
    // Past the bearer limit (4) and the app limit (6): nothing is counted, so nothing is refused.
    for (let i = 0; i < 8; i++) {
      const response = await test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${bearer}`).expect(200);
      expect(response.headers).not.toHaveProperty('ratelimit-limit');
    }
  });
});
