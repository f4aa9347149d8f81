import { MetricsServer } from '../src/metrics/metrics-server';
import { adminBearer, bearerAuth, createClientApp, createProfile, startTestApp, stepsChallengeBody, TestApp } from './support/test-app';

const TOKEN = 'scrape-token-0123456789';

/** Issue 14 item 5: Prometheus metrics on their own port behind a token; liveness and readiness. */
describe('metrics and probes', () => {
  let test: TestApp;
  let metricsUrl: string;

  const scrape = async (token: string | null = TOKEN) => {
    const response = await fetch(metricsUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  /** The value of one sample line, e.g. `strive_jobs{type="x",status="pending"}`; null when absent. */
  const sample = (text: string, series: string): number | null => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? null : Number(line.slice(series.length + 1));
  };

  beforeAll(async () => {
    test = await startTestApp({ env: { METRICS_PORT: '0', METRICS_TOKEN: TOKEN } });
    metricsUrl = `http://127.0.0.1:${test.app.get(MetricsServer).port}/metrics`;
  });
  afterAll(() => test.close());

  it('serves /metrics only on the metrics port, and only with the token', async () => {
    await test.http.get('/metrics').expect(404);
    expect((await scrape(null)).status).toBe(401);
    expect((await scrape('wrong-token-0123456789')).status).toBe(401);
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/);
    // Process metrics of prom-client, and the webhook counter registered for the delivery code.
    expect(answer.text).toContain('process_cpu_user_seconds_total');
    expect(answer.text).toContain('# TYPE webhook_deliveries_total counter');
  });

  it('counts requests per route pattern, method and status class, never per raw URL', async () => {
    const before = (await scrape()).text;
    const admin = await adminBearer(test, await createClientApp(test));
    const ann = await createProfile(test, admin, { name: 'Ann' });
    const bob = await createProfile(test, admin, { name: 'Bob' });
    await test.http.get(`/api/v1/profile/${ann.publicId}/`).set(bearerAuth(ann.bearer)).expect(200);
    await test.http.get(`/api/v1/profile/${bob.publicId}/`).set(bearerAuth(bob.bearer)).expect(200);
    await test.http.get(`/api/v1/profile/${bob.publicId}/`).set(bearerAuth(bob.bearer)).expect(200);
    // Another profile's: refused (a 4xx).
    await test.http.get(`/api/v1/profile/${bob.publicId}/`).set(bearerAuth(ann.bearer)).expect(403);
    await test.http.get('/no/such/path').expect(404);

    const text = (await scrape()).text;
    const added = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
    const count = (labels: string) => `strive_http_request_duration_seconds_count{${labels}}`;
    // Fastify's pattern (trailing slashes ignored): three reads answered 200 and one 403, all under it.
    expect(added(count('route="/api/v1/profile/:public_id",method="GET",status_class="2xx"'))).toBe(3);
    expect(added(count('route="/api/v1/profile/:public_id",method="GET",status_class="4xx"'))).toBe(1);
    expect(added(count('route="/api/v1/profile",method="POST",status_class="2xx"'))).toBe(2);
    expect(added(count('route="/api/v1/token",method="POST",status_class="2xx"'))).toBe(1);
    expect(added(count('route="unmatched",method="GET",status_class="4xx"'))).toBe(1);
    expect(text).not.toContain(ann.publicId);
    expect(text).not.toContain('/no/such/path');
  });

  it('shows the job queue by type and state, job run times and the write path rescoring time', async () => {
    const admin = await adminBearer(test, await createClientApp(test, 'Jobs'));
    const ann = await createProfile(test, admin, { name: 'Ann' });
    // An AUTOMATIC challenge asks for one challenge.enroll_automatic job.
    await test.http.post('/api/v1/challenge/').set(bearerAuth(admin))
      .send(stepsChallengeBody({ enrollment_method: 'AUTOMATIC', start: '2026-11-01T00:00:00Z', end: '2030-01-01T00:00:00Z' }))
      .expect(201);
    const pendingJobs = await test.dataSource.query(`SELECT count(*)::int AS n FROM job WHERE status = 'pending' AND type = 'challenge.enroll_automatic'`);
    let text = (await scrape()).text;
    expect(sample(text, 'strive_jobs{type="challenge.enroll_automatic",status="pending"}')).toBe(pendingJobs[0].n);
    expect(pendingJobs[0].n).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'strive_job_oldest_age_seconds{type="challenge.enroll_automatic",status="pending"}')).toBeGreaterThanOrEqual(0);

    const ran = await test.runJobs();
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(bearerAuth(ann.bearer))
      .send({ source: 'GARMIN', daily_summary: [{ external_id: 'd1', date: '2026-11-01', distance: 0, steps: 5000, calories: 0 }] })
      .expect(201);

    text = (await scrape()).text;
    expect(sample(text, 'strive_jobs{type="challenge.enroll_automatic",status="pending"}')).toBeNull();
    expect(sample(text, 'strive_job_duration_seconds_count{type="challenge.enroll_automatic",outcome="done"}')).toBe(ran);
    // One upload: the write path's listener ran once; Ann's change waits for the scoring worker.
    expect(sample(text, 'strive_rescore_duration_seconds_count{trigger="write.queue_scoring"}')).toBe(1);
    expect(sample(text, 'strive_jobs{type="scoring.backlog",status="pending"}')).toBe(1);
    expect(sample(text, 'strive_job_oldest_age_seconds{type="scoring.backlog",status="pending"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'strive_rescore_duration_seconds_count{trigger="queued.challenge_scores"}')).toBeNull();

    // The worker's one batch scores it (a look at the empty queue after it is not counted).
    expect(await test.runScoring()).toBe(1);
    text = (await scrape()).text;
    expect(sample(text, 'strive_jobs{type="scoring.backlog",status="pending"}')).toBeNull();
    expect(sample(text, 'strive_rescore_duration_seconds_count{trigger="queued.challenge_scores"}')).toBe(1);
  });

  it('answers liveness always and readiness only with the database up and every migration applied', async () => {
    expect((await test.http.get('/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await test.http.get('/health/ready').expect(200)).body).toEqual({ status: 'ready', database: 'up', migrations: 'applied' });

    // A migration of this build not applied yet (as while another process runs them): not ready.
    const [last] = await test.dataSource.query('SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1');
    await test.dataSource.query('DELETE FROM migrations WHERE id = $1', [last.id]);
    expect((await test.http.get('/health/ready').expect(503)).body).toEqual({ status: 'unavailable', database: 'up', migrations: 'pending' });
    await test.dataSource.query('INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)', [last.id, last.timestamp, last.name]);
    await test.http.get('/health/ready').expect(200);
  });

  it('is not ready, but alive, once the database is unreachable', async () => {
    await test.dataSource.destroy();
    expect((await test.http.get('/health/ready').expect(503)).body).toEqual({ status: 'unavailable', database: 'down', migrations: 'unknown' });
    expect((await test.http.get('/health').expect(503)).body).toEqual({ status: 'unavailable', database: 'down' });
    await test.http.get('/health/live').expect(200);
    // The scrape still answers; the queue gauges are empty while the database is away.
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(/^strive_jobs\{/m);
  });
});
