import { DataProvider, ProviderGrant, readHealthUpload } from '@strive/domain';
import { createDataProviders, vendorSettingsFromEnv } from '@strive/providers';
import { allPages, connect as connectAdapter, merged } from '../../../libs/providers/test-support/sandbox-flow';
import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, databaseSnapshot, startTestApp, TestApp } from './support/test-app';
import { connectThroughSandbox, sandboxControl, ShiftableClock } from './support/connection-flow';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Issue 11: sync as jobs with the real Strava adapter against the vendor sandbox: token refresh
 * before expiry, a refused refresh, 429/5xx with Retry-After, webhooks (handshake, notification,
 * duplicates, deauthorization), and synced records scoring exactly as uploaded ones.
 */
describe('connection sync', () => {
  const clock = new ShiftableClock();
  let test: TestApp;
  let admin: string;
  const auth = bearerAuth;
  let users = 5000;
  const nextUser = () => String(++users);
  const webhookUrl = () => `${test.baseUrl}/api/v1/connection/strava/webhook/`;

  const connectionOf = async (profile: CreatedTestProfile) =>
    (await test.dataSource.query('SELECT * FROM connection WHERE profile_id = $1', [profile.publicId]))[0] as Record<string, unknown>;
  const jobsOf = async (connectionId: unknown) =>
    (await test.dataSource.query(
      "SELECT type, status, attempts, last_error, extract(epoch FROM run_at - now())::float AS wait_s FROM job WHERE payload->>'connectionId' = $1 AND status = 'pending'",
      [connectionId],
    )) as { type: string; status: string; attempts: number; last_error: string | null; wait_s: number }[];
  const recordCount = async (profile: CreatedTestProfile) =>
    (await test.dataSource.query('SELECT count(*)::int AS n FROM health_record WHERE profile_id = $1', [profile.publicId]))[0].n as number;
  const stats = (user: string) => sandboxControl(test, `stats?vendor=strava&user=${user}`);
  /** A connected profile whose backfill ran. */
  const connected = async (name: string) => {
    const profile = await createProfile(test, admin, { name });
    const user = nextUser();
    await connectThroughSandbox(test, 'strava', profile, user);
    await test.runJobs();
    return { profile, user, connection: await connectionOf(profile) };
  };
  const notify = (user: string, kind = 'data') => sandboxControl(test, 'webhook', { vendor: 'strava', url: webhookUrl(), kind, user });

  beforeAll(async () => {
    // Two weeks of history per connection keep the suite quick on embedded PGlite.
    test = await startTestApp({ clock, sandbox: { autoConsent: 'approve' }, env: { CONNECTION_BACKFILL_DAYS: '14' } });
    admin = await adminBearer(test, await createClientApp(test, 'Sync'));
  });
  afterAll(() => test.close());
  afterEach(() => sandboxControl(test, 'reset', {}));

  it('refreshes the access token before it expires, then reads with the new one', async () => {
    const { profile, user, connection } = await connected('Ann');
    expect((await stats(user)).refreshes).toBe(0);
    // Strava access tokens live 6 hours: 3 minutes before the end is inside the 5-minute margin.
    const expiresAt = Date.parse(String(connection.token_expires_at));
    clock.advance(expiresAt - clock.now().getTime() - 3 * 60_000);
    await notify(user);
    expect(await test.runJobs()).toBe(1);
    const after = await stats(user);
    expect(after.refreshes).toBe(1);
    const row = await connectionOf(profile);
    expect(row.state).toBe('connected');
    // New tokens, sealed anew (the sandbox's clock is not moved, so their expiry says little).
    expect(row.sealed_grant).not.toBe(connection.sealed_grant);
    expect(row.last_error).toBeNull();
  });

  it('marks the connection revoked with its reason when the vendor refuses the refresh', async () => {
    const { profile, user } = await connected('Bob');
    await sandboxControl(test, 'revoke', { vendor: 'strava', user });
    await sandboxControl(test, 'expire', { vendor: 'strava', user });
    await notify(user);
    await test.runJobs();
    const row = await connectionOf(profile);
    expect([row.state, row.sealed_grant, row.token_expires_at]).toEqual(['revoked', null, null]);
    expect(row.last_error).toContain('refused');
    const listed = (await test.http.get(`/api/v1/profile/${profile.publicId}/connections/`).set(auth(profile.bearer)).expect(200)).body
      .find((c: Record<string, unknown>) => c.slug === 'strava');
    expect(listed.state).toBe('revoked');
    expect(listed.last_error).toContain('refused');
    // A revoked connection is not synced again; a webhook for it asks for nothing.
    await notify(user);
    expect(await jobsOf(row.id)).toEqual([]);
  });

  it('waits as long as a 503 Retry-After says, then syncs', async () => {
    const { profile, user, connection } = await connected('Cid');
    await sandboxControl(test, 'faults', { vendor: 'strava', status: 503, retry_after: 120, count: 1 });
    await notify(user);
    await test.runJobs();
    const [waiting] = await jobsOf(connection.id);
    // Attempt 1 of the runner's own backoff would wait 1 s; Retry-After asks 120 s.
    expect(waiting.attempts).toBe(1);
    expect(waiting.wait_s).toBeGreaterThan(110);
    expect(waiting.last_error).toContain('retrying in 120 s');
    let row = await connectionOf(profile);
    expect([row.state, row.sync_state]).toEqual(['connected', 'retrying']);
    // Two minutes later (the row made due by hand): the sync completes.
    await test.dataSource.query("UPDATE job SET run_at = now() WHERE payload->>'connectionId' = $1 AND status = 'pending'", [connection.id]);
    await test.runJobs();
    row = await connectionOf(profile);
    expect([row.state, row.sync_state, row.last_error]).toEqual(['connected', 'synced', null]);
  });

  it('backs off on a 429 with the wait Strava\'s rate-limit headers imply', async () => {
    const { profile, user, connection } = await connected('Dan');
    await sandboxControl(test, 'faults', { vendor: 'strava', status: 429, count: 1 });
    await notify(user);
    await test.runJobs();
    const [waiting] = await jobsOf(connection.id);
    expect(waiting.last_error).toContain('Rate limited');
    // Strava's 15-minute window ends at the next quarter hour: at most 900 s away.
    expect(waiting.wait_s).toBeLessThanOrEqual(900);
    expect((await connectionOf(profile)).sync_state).toBe('retrying');
  });

  it('answers the webhook handshake, turns a notification into one sync, and stores a notified record once', async () => {
    const handshake = await sandboxControl(test, 'webhook', { vendor: 'strava', url: webhookUrl(), kind: 'handshake' });
    expect([handshake.status, handshake.accepted]).toEqual([200, true]);
    // A wrong verify token is refused as Strava expects (403), and changes nothing.
    await test.http.get('/api/v1/connection/strava/webhook/?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=wrong').expect(403);

    const { profile, user, connection } = await connected('Eve');
    const stored = await recordCount(profile);
    expect(stored).toBeGreaterThan(0);
    // Two notifications before any sync runs: one waiting job.
    expect((await notify(user)).status).toBe(200);
    expect((await notify(user)).status).toBe(200);
    expect(await jobsOf(connection.id)).toMatchObject([{ type: 'connection.sync' }]);
    const dataCalls = (await stats(user)).data_calls as number;
    expect(await test.runJobs()).toBe(1);
    expect((await stats(user)).data_calls).toBeGreaterThan(dataCalls);
    // The same activities again: upserted by their Strava id, nothing stored twice.
    expect(await recordCount(profile)).toBe(stored);
    await notify(user);
    await test.runJobs();
    expect(await recordCount(profile)).toBe(stored);
    const duplicates = await test.dataSource.query(
      'SELECT external_id FROM health_record WHERE profile_id = $1 GROUP BY source, type, external_id HAVING count(*) > 1', [profile.publicId],
    );
    expect(duplicates).toEqual([]);
  });

  it('answers every vendor\'s handshake and turns its signed notification into a sync; a forged signature changes nothing', async () => {
    for (const slug of ['fitbit', 'oura']) {
      const url = `${test.baseUrl}/api/v1/connection/${slug}/webhook/`;
      const handshake = await sandboxControl(test, 'webhook', { vendor: slug, url, kind: 'handshake' });
      expect([slug, handshake.accepted]).toEqual([slug, true]);
      const profile = await createProfile(test, admin, { name: `Hooked ${slug}` });
      const user = nextUser();
      await connectThroughSandbox(test, slug, profile, user);
      await test.runJobs();
      const connection = await connectionOf(profile);
      const sent = await sandboxControl(test, 'webhook', { vendor: slug, url, kind: 'data', user });
      expect([slug, Number(sent.status) < 300]).toEqual([slug, true]);
      expect(await jobsOf(connection.id)).toMatchObject([{ type: 'connection.sync' }]);
      await test.runJobs();
      expect((await connectionOf(profile)).sync_state).toBe('synced');
    }
    // Fitbit signs its notifications (HMAC-SHA1 of the body): a wrong signature is refused.
    const snapshot = await databaseSnapshot(test);
    const forged = await test.http.post('/api/v1/connection/fitbit/webhook/').set('content-type', 'application/json').set('x-fitbit-signature', 'bm9wZQ==')
      .send(JSON.stringify([{ collectionType: 'activities', date: '2026-11-20', ownerId: 'x', ownerType: 'user', subscriptionId: 'x' }]));
    expect(forged.status).toBe(400);
    expect(forged.headers['content-type']).toContain('application/problem+json');
    expect(await databaseSnapshot(test)).toEqual(snapshot);
  });

  it('refuses a webhook it cannot read; a deauthorization notice revokes only once the vendor refuses the tokens (Strava does not sign it)', async () => {
    await test.http.post('/api/v1/connection/strava/webhook/').set('content-type', 'application/json').send('{"no": "owner"}').expect(400);
    await test.http.post('/api/v1/connection/nope/webhook/').send({}).expect(404);

    // A forged notice (the athlete did not withdraw anything): the sync it asks for succeeds.
    const forged = await connected('Fay');
    expect((await notify(forged.user, 'deauthorization')).status).toBe(200);
    await test.runJobs();
    expect((await connectionOf(forged.profile)).state).toBe('connected');

    // The athlete withdrew consent at Strava: the sync meets the refusal and revokes.
    const real = await connected('Gil');
    await sandboxControl(test, 'revoke', { vendor: 'strava', user: real.user });
    expect((await notify(real.user, 'deauthorization')).status).toBe(200);
    await test.runJobs();
    const row = await connectionOf(real.profile);
    expect([row.state, row.sealed_grant]).toEqual(['revoked', null]);
  });

  it('schedules a sync of every connected connection once the interval has passed', async () => {
    const { connection } = await connected('Gus');
    await test.runTicks();
    expect(await jobsOf(connection.id)).toEqual([]);
    clock.advance(61 * 60_000);
    await test.runTicks();
    expect(await jobsOf(connection.id)).toMatchObject([{ type: 'connection.sync' }]);
    await test.runJobs();
  });

  it('scores synced records exactly as the same records uploaded', async () => {
    const now = clock.now();
    // Inside the 14-day backfill, so both profiles have every workout of the challenge.
    const start = new Date(now.getTime() - 10 * DAY_MS);
    const body = {
      title: 'Distance', type: 'INDIVIDUAL', goal: 'TOTAL', goal_type: 'DISTANCE', goal_value: 1e9, data_source: 'workout',
      start: start.toISOString(), end: new Date(now.getTime() + 10 * DAY_MS).toISOString(),
    };
    const id = (await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body).expect(201)).body.public_id as string;
    const synced = await createProfile(test, admin, { name: 'Synced' });
    const uploaded = await createProfile(test, admin, { name: 'Uploaded' });
    for (const p of [synced, uploaded]) await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(p.bearer)).send({ profile: p.publicId }).expect(201);

    const user = nextUser();
    await connectThroughSandbox(test, 'strava', synced, user);
    await test.runJobs();

    // The same athlete's activities, read by the adapter itself and sent to the upload endpoint.
    const provider = createDataProviders(vendorSettingsFromEnv({}, test.sandboxUrl)).find((p) => p.source === 'STRAVA') as DataProvider;
    const grant: ProviderGrant = await connectAdapter(provider, user);
    const records = merged(await allPages(provider, grant, new Date(now.getTime() - 12 * DAY_MS), clock.now()));
    expect(records.workout.length).toBeGreaterThan(0);
    readHealthUpload({ source: 'STRAVA', ...records }, clock.now());
    await test.http.post(`/api/v1/profile/${uploaded.publicId}/data/`).set(auth(uploaded.bearer)).send({ source: 'STRAVA', ...records }).expect(201);
    await test.runScoring();

    // The expected score: the distance of the workouts that started inside the challenge.
    const inside = records.workout.filter((w) => Date.parse(String(w.timestamp)) >= start.getTime());
    const expected = inside.reduce((sum, w) => sum + Number(w.distance ?? 0), 0);
    expect(expected).toBeGreaterThan(0);
    const board = (await test.http.get(`/api/v1/challenge/${id}/leaderboard/`).set(auth(admin)).expect(200)).body.results as {
      score: number; profile: { name: string };
    }[];
    const scoreOf = (name: string) => board.find((e) => e.profile.name === name)?.score;
    expect(scoreOf('Synced')).toBeCloseTo(expected, 3);
    expect(scoreOf('Uploaded')).toBeCloseTo(expected, 3);
  });
});
