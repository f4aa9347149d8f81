import {
  adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, databaseSnapshot, startTestApp, TestApp,
} from './support/test-app';
import { callbackAnswer, connectThroughSandbox, consentUrl, followConsent, sandboxControl, ShiftableClock } from './support/connection-flow';

/**
 * Issue 11: wearable connections over HTTP, with the real Strava adapter against the local vendor
 * sandbox (auto consent). Expected values are worked out in comments.
 */
describe('connections', () => {
  const clock = new ShiftableClock();
  let test: TestApp;
  let admin: string;
  const auth = bearerAuth;
  let users = 1000;
  const nextUser = () => String(++users);

  const listOf = async (profile: CreatedTestProfile) =>
    (await test.http.get(`/api/v1/profile/${profile.publicId}/connections/`).set(auth(profile.bearer)).expect(200)).body as Record<string, unknown>[];
  const stravaOf = async (profile: CreatedTestProfile) => (await listOf(profile)).find((c) => c.slug === 'strava') as Record<string, unknown>;
  const workouts = async (profile: CreatedTestProfile) =>
    (await test.http.get(`/api/v1/profile/${profile.publicId}/workout/?page_size=1000`).set(auth(profile.bearer)).expect(200)).body as Record<string, unknown>[];
  const connectionRow = async (profile: CreatedTestProfile) =>
    (await test.dataSource.query('SELECT * FROM connection WHERE profile_id = $1', [profile.publicId]))[0] as Record<string, unknown>;

  beforeAll(async () => {
    // Two weeks of history are enough here (and keep the suite quick on embedded PGlite).
    test = await startTestApp({ clock, sandbox: { autoConsent: 'approve' }, env: { CONNECTION_BACKFILL_DAYS: '14' } });
    admin = await adminBearer(test, await createClientApp(test, 'Connections'));
  });
  afterAll(() => test.close());
  afterEach(() => sandboxControl(test, 'auto-consent', { mode: 'approve' }).then(() => sandboxControl(test, 'reset', {})));

  it('connects through the consent page, stores the tokens sealed, backfills through the write path', async () => {
    const ann = await createProfile(test, admin, { name: 'Ann' });
    const before = await stravaOf(ann);
    expect(before).toMatchObject({ source: 'STRAVA', slug: 'strava', connects_via: 'oauth', state: 'not_connected', sync_state: 'not_synced', last_sync_at: null });
    expect(before.connect_url).toMatch(/\/api\/v1\/connection\/strava\/authorize\/\?ticket=/);

    const url = new URL(await consentUrl(test, 'strava', ann, { redirect: 'https://app.example.com/done?x=1' }));
    expect(url.origin).toBe(test.sandboxUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Started, not yet back: pending.
    expect((await stravaOf(ann)).state).toBe('pending');

    const user = nextUser();
    const outcome = await followConsent(url.toString(), user);
    expect([outcome.status, outcome.location]).toEqual([302, 'https://app.example.com/done?x=1']);
    const row = await connectionRow(ann);
    expect([row.state, row.vendor_user_id, row.source]).toEqual(['connected', user, 'STRAVA']);
    // AES-256-GCM: v1.<iv>.<ciphertext>.<tag>; no token in clear anywhere in the row.
    expect(row.sealed_grant).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(row)).not.toMatch(/accessToken|refreshToken/);

    // The backfill job waits; it runs the real adapter against the sandbox.
    const jobs = await test.dataSource.query("SELECT type FROM job WHERE status = 'pending' AND payload->>'connectionId' = $1", [row.id]);
    expect(jobs).toEqual([{ type: 'connection.backfill' }]);
    expect(await test.runJobs()).toBe(1);
    const pulled = await workouts(ann);
    expect(pulled.length).toBeGreaterThan(0);
    expect(pulled.every((w) => w.source === 'STRAVA')).toBe(true);
    const after = await stravaOf(ann);
    expect([after.state, after.sync_state, after.last_error]).toEqual(['connected', 'synced', null]);
    expect(Date.parse(after.last_sync_at as string)).toBeGreaterThan(0);
  });

  it('shows its own success page without redirect; a reconnect replaces the tokens and keeps one connection', async () => {
    const bob = await createProfile(test, admin, { name: 'Bob' });
    const user = nextUser();
    const first = await followConsent(await consentUrl(test, 'strava', bob), user);
    expect(first.status).toBe(200);
    expect(first.text).toContain('Strava is connected');
    const sealedBefore = (await connectionRow(bob)).sealed_grant;
    await followConsent(await consentUrl(test, 'strava', bob), user);
    const rows = await test.dataSource.query('SELECT state, sealed_grant FROM connection WHERE profile_id = $1', [bob.publicId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].state).toBe('connected');
    expect(rows[0].sealed_grant).not.toBe(sealedBefore);
    await test.runJobs();
  });

  it('refuses a replayed, expired, forged or foreign state with an error page, changing nothing', async () => {
    const cid = await createProfile(test, admin, { name: 'Cid' });
    const consent = new URL(await consentUrl(test, 'strava', cid));
    consent.searchParams.set('login_hint', nextUser());
    const callback = (await fetch(consent, { redirect: 'manual' })).headers.get('location') as string;
    expect((await callbackAnswer(callback)).status).toBe(200);
    await test.runJobs();

    const snapshot = await databaseSnapshot(test);
    // Replayed: the state was consumed by the first callback.
    const replay = await callbackAnswer(callback);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('unknown or was used already');
    // Forged: a state this server never issued.
    const forged = new URL(callback);
    forged.searchParams.set('state', 'A'.repeat(43));
    expect((await callbackAnswer(forged.toString())).status).toBe(400);
    // No state at all.
    expect((await callbackAnswer(`${test.baseUrl}/api/v1/connection/strava/callback/?code=x`)).status).toBe(400);
    // Unknown slug.
    expect((await callbackAnswer(`${test.baseUrl}/api/v1/connection/nope/callback/?state=x&code=y`)).status).toBe(404);
    expect(await databaseSnapshot(test)).toEqual(snapshot);

    // Expired: consent took longer than 10 minutes.
    const late = new URL(await consentUrl(test, 'strava', cid));
    late.searchParams.set('login_hint', nextUser());
    const lateCallback = (await fetch(late, { redirect: 'manual' })).headers.get('location') as string;
    clock.advance(10 * 60_000 + 1000);
    const expired = await callbackAnswer(lateCallback);
    expect(expired.status).toBe(400);
    expect(expired.text).toContain('expired');
    expect((await connectionRow(cid)).state).toBe('connected');
  });

  it('denied consent: redirect?error=access_denied with redirect_on_error, else the error page; a new connection is in error', async () => {
    await sandboxControl(test, 'auto-consent', { mode: 'deny' });
    const dan = await createProfile(test, admin, { name: 'Dan' });
    const redirected = await followConsent(
      await consentUrl(test, 'strava', dan, { redirect: 'https://app.example.com/back', redirect_on_error: true }), nextUser(),
    );
    expect([redirected.status, redirected.location]).toEqual([302, 'https://app.example.com/back?error=access_denied']);
    const row = await connectionRow(dan);
    expect([row.state, row.sealed_grant]).toEqual(['error', null]);
    expect(row.last_error).toContain('access_denied');

    const page = await followConsent(await consentUrl(test, 'strava', dan, { redirect: 'https://app.example.com/back' }), nextUser());
    expect(page.status).toBe(200);
    expect(page.text).toContain('was not granted');
    expect(await test.dataSource.query("SELECT count(*)::int AS n FROM job WHERE status = 'pending'")).toEqual([{ n: 0 }]);
  });

  it('keeps redirect_on_error false by default under /api/v1 and /api/v1.1 alike (docs/versioning.md)', async () => {
    await sandboxControl(test, 'auto-consent', { mode: 'deny' });
    for (const prefix of ['/api/v1', '/api/v1.1']) {
      const ida = await createProfile(test, admin, { name: `Ida ${prefix}` });
      const answer = await test.http.post(`${prefix}/connection/strava/connect/`).set(auth(ida.bearer))
        .send({ profile: ida.publicId, redirect: 'https://app.example.com/back' }).expect(200);
      const denied = await followConsent(answer.body.url, nextUser());
      expect([prefix, denied.status, denied.location]).toEqual([prefix, 200, null]);
      expect(denied.text).toContain('was not granted');
    }
  });

  it('answers bad input with a clear 4xx problem and changes nothing', async () => {
    const eve = await createProfile(test, admin, { name: 'Eve' });
    const snapshot = await databaseSnapshot(test);
    const connect = (slug: string, body: Record<string, unknown>) => test.http.post(`/api/v1/connection/${slug}/connect/`).set(auth(eve.bearer)).send(body);

    const unknown = await connect('nope', { profile: eve.publicId }).expect(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    for (const slug of ['apple', 'health_connect']) {
      const sdk = await connect(slug, { profile: eve.publicId }).expect(400);
      expect(sdk.body.detail).toContain('mobile SDK');
      expect(sdk.body.detail).toContain('/data/');
    }
    for (const redirect of ['ftp://example.com/', 'not a url', '/relative', 'https://user:pw@example.com/', '']) {
      await connect('strava', { profile: eve.publicId, redirect }).expect(400);
    }
    await connect('strava', { profile: eve.publicId, extra: 1 }).expect(400);
    await connect('strava', {}).expect(400);
    await connect('strava', { profile: 'not-a-uuid' }).expect(400);
    await connect('strava', { profile: eve.publicId, redirect_on_error: 'yes' }).expect(400);
    await test.http.get(`/api/v1/profile/${eve.publicId}/connections/?redirect=javascript:alert(1)`).set(auth(eve.bearer)).expect(400);
    await test.http.get(`/api/v1/profile/${eve.publicId}/connections/?redirect=`).set(auth(eve.bearer)).expect(400);
    await test.http.get(`/api/v1/profile/${eve.publicId}/connections/?redirect_on_error=maybe`).set(auth(eve.bearer)).expect(400);
    await test.http.get(`/api/v1/profile/${eve.publicId}/connections/?other=1`).set(auth(eve.bearer)).expect(400);
    await test.http.get(`/api/v1/profile/${eve.publicId}/connection_widget/?other=1`).set(auth(eve.bearer)).expect(400);
    await test.http.delete(`/api/v1/connection/strava/connect/`).set(auth(eve.bearer)).expect(400);
    await test.http.delete(`/api/v1/connection/strava/connect/?profile=${eve.publicId}`).set(auth(eve.bearer)).expect(404);
    await test.http.delete(`/api/v1/connection/apple/connect/?profile=${eve.publicId}`).set(auth(eve.bearer)).expect(400);
    // Browser-facing: a forged or expired ticket is an error page.
    const forged = await fetch(`${test.baseUrl}/api/v1/connection/strava/authorize/?ticket=abc.def`, { redirect: 'manual' });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${test.baseUrl}/api/v1/connection_widget/?ticket=abc.def`)).status).toBe(400);
    await test.http.post('/api/v1/connection_widget/disconnect/').send({ ticket: 'abc.def', source: 'strava' }).expect(400);
    expect(await databaseSnapshot(test)).toEqual(snapshot);
    // Without a bearer the bearer endpoints answer 401.
    await test.http.post('/api/v1/connection/strava/connect/').send({ profile: eve.publicId }).expect(401);
    await test.http.get(`/api/v1/profile/${eve.publicId}/connections/`).expect(401);
  });

  it('keeps tenants apart: another app\'s bearer gets 404, another profile\'s bearer 403, for every endpoint', async () => {
    const fay = await createProfile(test, admin, { name: 'Fay' });
    const gus = await createProfile(test, admin, { name: 'Gus' });
    await connectThroughSandbox(test, 'strava', fay, nextUser());
    await test.runJobs();
    const otherAdmin = await adminBearer(test, await createClientApp(test, 'Other'));
    const snapshot = await databaseSnapshot(test);
    for (const [bearer, status] of [[otherAdmin, 404], [gus.bearer, 403]] as const) {
      await test.http.post('/api/v1/connection/strava/connect/').set(auth(bearer)).send({ profile: fay.publicId }).expect(status);
      await test.http.delete(`/api/v1/connection/strava/connect/?profile=${fay.publicId}`).set(auth(bearer)).expect(status);
      await test.http.get(`/api/v1/profile/${fay.publicId}/connections/`).set(auth(bearer)).expect(status);
      await test.http.get(`/api/v1/profile/${fay.publicId}/connection_widget/`).set(auth(bearer)).expect(status);
    }
    expect(await databaseSnapshot(test)).toEqual(snapshot);
    // The app's administrator may act for its profile.
    const listed = await test.http.get(`/api/v1/profile/${fay.publicId}/connections/`).set(auth(admin)).expect(200);
    expect(listed.body.find((c: Record<string, unknown>) => c.slug === 'strava').state).toBe('connected');
    // Gus's widget shows Gus's connections only: tickets name their profile.
    const widget = await test.http.get(`/api/v1/profile/${gus.publicId}/connection_widget/`).set(auth(gus.bearer)).expect(200);
    const page = await (await fetch(widget.body.url)).text();
    expect(page).toContain('data-state>not connected<');
    expect(page).not.toContain('data-state>connected<');
  });

  it('lists every source with mobile-SDK ones, and hands out a widget URL', async () => {
    const hal = await createProfile(test, admin, { name: 'Hal' });
    const list = await test.http.get(`/api/v1/profile/${hal.publicId}/connections/?redirect=https://app.example.com/x&redirect_on_error=true`).set(auth(hal.bearer)).expect(200);
    const slugs = list.body.map((c: Record<string, unknown>) => c.slug);
    expect(slugs).toContain('strava');
    expect(slugs.slice(-2)).toEqual(['apple', 'health_connect']);
    expect(list.body.find((c: Record<string, unknown>) => c.slug === 'apple')).toEqual({
      source: 'APPLE', slug: 'apple', connects_via: 'mobile_sdk', state: 'not_connected', sync_state: 'not_synced', last_sync_at: null, last_error: null, connect_url: null,
    });
    // The listed connect_url starts the flow from a browser and keeps the redirect choice.
    await sandboxControl(test, 'auto-consent', { mode: 'deny' });
    const connectUrl = new URL(list.body.find((c: Record<string, unknown>) => c.slug === 'strava').connect_url);
    const toVendor = await fetch(connectUrl, { redirect: 'manual' });
    expect(toVendor.status).toBe(302);
    const outcome = await followConsent(toVendor.headers.get('location') as string, nextUser());
    expect(outcome.location).toBe('https://app.example.com/x?error=access_denied');

    const widget = await test.http.get(`/api/v1/profile/${hal.publicId}/connection_widget/`).set(auth(hal.bearer)).expect(200);
    expect(Object.keys(widget.body).sort()).toEqual(['expires_at', 'url']);
    expect(widget.body.url).toMatch(/\/api\/v1\/connection_widget\/\?ticket=/);
    expect(Date.parse(widget.body.expires_at) - clock.now().getTime()).toBeGreaterThan(29 * 60_000);
    const page = await fetch(widget.body.url);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('data-source="strava"');
  });

  it('connects and backfills every vendor the sandbox plays, through its real adapter', async () => {
    const kim = await createProfile(test, admin, { name: 'Kim' });
    const vendors = (await listOf(kim)).filter((c) => c.connects_via === 'oauth').map((c) => c.slug as string);
    expect(vendors).toEqual(expect.arrayContaining(['strava', 'fitbit', 'oura']));
    for (const slug of vendors) {
      const outcome = await connectThroughSandbox(test, slug, kim, nextUser());
      expect([slug, outcome.status, outcome.location]).toEqual([slug, 302, 'https://app.example.com/done']);
    }
    await test.runJobs();
    const listed = await listOf(kim);
    for (const slug of vendors) {
      expect(listed.find((c) => c.slug === slug)).toMatchObject({ slug, state: 'connected', sync_state: 'synced', last_error: null });
    }
    const stored: { source: string; type: string }[] = await test.dataSource.query(
      'SELECT DISTINCT source, type FROM health_record WHERE profile_id = $1 ORDER BY source, type', [kim.publicId],
    );
    // Every vendor stored something; Fitbit and Oura also daily summaries and sleep.
    for (const slug of vendors) expect(stored.some((r) => r.source === slug.toUpperCase())).toBe(true);
    expect(stored).toEqual(expect.arrayContaining([
      { source: 'FITBIT', type: 'daily_summary' }, { source: 'OURA', type: 'daily_summary' }, { source: 'OURA', type: 'sleep_summary' },
    ]));
    // CONNECTION_BACKFILL_DAYS=14: nothing older than 14 days was read, give or take the first
    // local date read whole (up to a day, in the user's time zone) and a sleep filed under that date,
    // which began the evening before (15 days and 33 minutes in one run; Fitbit reads sleep by date).
    const [{ oldest }] = await test.dataSource.query('SELECT min(time) AS oldest FROM health_record WHERE profile_id = $1', [kim.publicId]);
    expect(clock.now().getTime() - new Date(oldest).getTime()).toBeLessThan(16 * 24 * 3_600_000);
  }, 120_000);

  it('refuses a state presented at another vendor\'s callback, and leaves it usable at its own', async () => {
    const lou = await createProfile(test, admin, { name: 'Lou' });
    const consent = new URL(await consentUrl(test, 'strava', lou));
    consent.searchParams.set('login_hint', nextUser());
    const callback = new URL((await fetch(consent, { redirect: 'manual' })).headers.get('location') as string);
    const snapshot = await databaseSnapshot(test);
    const foreign = await callbackAnswer(callback.toString().replace('/connection/strava/', '/connection/fitbit/'));
    expect(foreign.status).toBe(400);
    expect(await databaseSnapshot(test)).toEqual(snapshot);
    expect((await callbackAnswer(callback.toString())).status).toBe(200);
    await test.runJobs();
  });

  it('disconnects: the grant is revoked at the vendor, the tokens are gone', async () => {
    const ida = await createProfile(test, admin, { name: 'Ida' });
    const user = nextUser();
    await connectThroughSandbox(test, 'strava', ida, user);
    await test.runJobs();
    expect((await sandboxControl(test, `stats?vendor=strava&user=${user}`)).active_grants).toBe(1);
    const answer = await test.http.delete(`/api/v1/connection/strava/connect/?profile=${ida.publicId}`).set(auth(ida.bearer)).expect(200);
    expect(answer.body).toEqual({});
    const stats = await sandboxControl(test, `stats?vendor=strava&user=${user}`);
    expect([stats.revocations, stats.active_grants]).toEqual([1, 0]);
    const row = await connectionRow(ida);
    expect([row.state, row.sealed_grant]).toEqual(['disconnected', null]);
    // Again: nothing left to disconnect.
    await test.http.delete(`/api/v1/connection/strava/connect/?profile=${ida.publicId}`).set(auth(ida.bearer)).expect(404);
    // Disconnected connections are not synced.
    clock.advance(2 * 3_600_000);
    await test.runTicks();
    expect(await test.dataSource.query("SELECT count(*)::int AS n FROM job WHERE status = 'pending' AND payload->>'connectionId' = $1", [row.id])).toEqual([{ n: 0 }]);
    await test.runJobs();
  });
});
