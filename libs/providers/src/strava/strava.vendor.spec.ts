import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { vendorSettingsFromEnv } from '../index';
import { allPages, authorize, connect, control, merged, REDIRECT_URI, webhookReceiver } from '../../test-support/sandbox-flow';
import { StravaProvider, stravaRetryAfter } from './strava.vendor';

jest.setTimeout(30_000);

describe('Strava adapter against the sandbox', () => {
  let sandbox: VendorSandbox;
  let strava: StravaProvider;

  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: 'approve' });
    strava = new StravaProvider(vendorSettingsFromEnv({}, sandbox.baseUrl).get('STRAVA')!);
  });
  afterAll(() => sandbox.close());

  const stats = (user: string) => fetch(`${sandbox.baseUrl}/__sandbox/stats?vendor=strava&user=${user}`).then((r) => r.json());
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('asks for consent with state, PKCE S256 and Strava\'s comma-separated scopes', () => {
    const url = strava.authorizationUrl({ state: 'abc', codeChallenge: 'challenge', redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${sandbox.baseUrl}/strava/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sandbox-strava', response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'read,activity:read_all',
      state: 'abc', code_challenge: 'challenge', code_challenge_method: 'S256', approval_prompt: 'auto',
    });
  });

  it('exchanges the code: the athlete id from the token answer, the scope from the callback', async () => {
    const grant = await connect(strava, '4001');
    expect(grant.vendorUserId).toBe('4001');
    expect(grant.scope).toBe('read,activity:read_all');
    expect(grant.refreshToken).toEqual(expect.any(String));
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 5 * 3600 * 1000);
  });

  it('is refused a code with the wrong PKCE verifier, and a code used twice', async () => {
    const first = await authorize(strava, '4002');
    const wrong = { code: first.callback.code, codeVerifier: 'x'.repeat(43), redirectUri: REDIRECT_URI, callbackParameters: first.callback };
    expect(await kindOf(strava.exchangeCode(wrong))).toBe(ProviderErrorKind.Refused);
    // The failed attempt used the code up: the right verifier no longer helps.
    expect(await kindOf(strava.exchangeCode({ ...wrong, codeVerifier: first.verifier }))).toBe(ProviderErrorKind.Refused);
    const second = await authorize(strava, '4002');
    const exchange = { code: second.callback.code, codeVerifier: second.verifier, redirectUri: REDIRECT_URI, callbackParameters: second.callback };
    await strava.exchangeCode(exchange);
    expect(await kindOf(strava.exchangeCode(exchange))).toBe(ProviderErrorKind.Refused);
  });

  it('reports a denied consent as refused', async () => {
    await control(sandbox.baseUrl, 'auto-consent', { mode: 'deny' });
    try {
      const { callback, verifier } = await authorize(strava, '4003');
      expect(callback).toEqual({ error: 'access_denied', state: 'state-1' });
      expect(await kindOf(strava.exchangeCode({ code: '', codeVerifier: verifier, redirectUri: REDIRECT_URI, callbackParameters: callback }))).toBe(ProviderErrorKind.Refused);
    } finally {
      await control(sandbox.baseUrl, 'auto-consent', { mode: 'approve' });
    }
  });

  it('refreshes, keeping the athlete id, and the old refresh token is spent', async () => {
    const grant = await connect(strava, '4004');
    const refreshed = await strava.refresh(grant);
    expect(refreshed.vendorUserId).toBe('4004');
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(refreshed.scope).toBe('read,activity:read_all');
    expect(await stats('4004')).toMatchObject({ refreshes: 1 });
    expect(await kindOf(strava.refresh(grant))).toBe(ProviderErrorKind.Refused);
  });

  it('answers refused when the athlete revoked access at Strava', async () => {
    const grant = await connect(strava, '4005');
    await control(sandbox.baseUrl, 'revoke', { vendor: 'strava', user: '4005' });
    expect(await kindOf(strava.refresh(grant))).toBe(ProviderErrorKind.Refused);
    expect(await kindOf(strava.fetchPage({ grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null }))).toBe(ProviderErrorKind.Unauthorized);
  });

  it('answers unauthorized once the access token expired, and works again after a refresh', async () => {
    const grant = await connect(strava, '4010');
    const request = { grant, from: new Date(Date.now() - 7 * 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'expire', { vendor: 'strava', user: '4010' });
    expect(await kindOf(strava.fetchPage(request))).toBe(ProviderErrorKind.Unauthorized);
    const refreshed = await strava.refresh(grant);
    expect(await kindOf(strava.fetchPage({ ...request, grant: refreshed }))).toBe('resolved');
  });

  it('deauthorizes: the grant is gone at the sandbox', async () => {
    const grant = await connect(strava, '4006');
    await strava.revoke(grant);
    expect(await stats('4006')).toMatchObject({ revocations: 1, active_grants: 0 });
    expect(await kindOf(strava.refresh(grant))).toBe(ProviderErrorKind.Refused);
    // Revoking again is harmless.
    await strava.revoke(grant);
  });

  it('reads a year of activities in pages of 100, each page a valid upload, no activity twice', async () => {
    const grant = await connect(strava, '4007');
    const to = new Date();
    const from = new Date(to.getTime() - 400 * 86_400_000);
    const pages = await allPages(strava, grant, from, to);
    const workouts = merged(pages).workout;
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.slice(0, -1).every((page) => page.records.workout?.length === 100)).toBe(true);
    expect(new Set(workouts.map((w) => w.external_id)).size).toBe(workouts.length);
    expect(workouts.every((w) => Date.parse(String(w.timestamp)) >= from.getTime() && Date.parse(String(w.timestamp)) < to.getTime())).toBe(true);
    // The sandbox's own listing, read directly, has the same activities.
    const direct: unknown[] = [];
    for (let page = 1; ; page++) {
      const url = `${sandbox.baseUrl}/strava/api/v3/athlete/activities?after=${Math.floor(from.getTime() / 1000) - 1}&before=${Math.ceil(to.getTime() / 1000)}&per_page=200&page=${page}`;
      const list = (await (await fetch(url, { headers: { authorization: `Bearer ${grant.accessToken}` } })).json()) as unknown[];
      direct.push(...list);
      if (list.length < 200) break;
    }
    expect(workouts.length).toBe(direct.length);
  });

  it('turns a 429 into rate_limited with the seconds to Strava\'s next 15-minute window, and a 503 into unavailable', async () => {
    const grant = await connect(strava, '4008');
    const request = { grant, from: new Date(Date.now() - 7 * 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'faults', { vendor: 'strava', status: 429, count: 1 });
    const error = await strava.fetchPage(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe(ProviderErrorKind.RateLimited);
    expect((error as ProviderError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect((error as ProviderError).retryAfterSeconds).toBeLessThanOrEqual(900);
    await control(sandbox.baseUrl, 'faults', { vendor: 'strava', status: 503, count: 1 });
    expect(await kindOf(strava.fetchPage(request))).toBe(ProviderErrorKind.Unavailable);
    expect(await kindOf(strava.fetchPage(request))).toBe('resolved');
  });

  it('completes the subscription handshake and reads the sandbox\'s events, deauthorization included', async () => {
    const receiver = await webhookReceiver(strava);
    try {
      expect(await control(sandbox.baseUrl, 'webhook', { vendor: 'strava', url: receiver.url, kind: 'handshake' })).toMatchObject({ status: 200, accepted: true });
      await control(sandbox.baseUrl, 'webhook', { vendor: 'strava', url: receiver.url, kind: 'data', user: '4009' });
      await control(sandbox.baseUrl, 'webhook', { vendor: 'strava', url: receiver.url, kind: 'deauthorization', user: '4009' });
      expect(receiver.answers.slice(1)).toEqual([
        { kind: 'notifications', notifications: [{ vendorUserId: '4009', from: expect.any(Date), to: expect.any(Date) }] },
        { kind: 'notifications', notifications: [{ vendorUserId: '4009', from: null, to: null, deauthorized: true }] },
      ]);
    } finally {
      receiver.server.close();
    }
  });
});

describe('Strava webhook requests', () => {
  const strava = new StravaProvider(vendorSettingsFromEnv({ STRAVA_CLIENT_ID: '5', STRAVA_CLIENT_SECRET: 's', STRAVA_WEBHOOK_SECRET: 'STRAVA' }, null).get('STRAVA')!);
  const get = (query: Record<string, string>) => strava.receiveWebhook({ method: 'GET', query, headers: {}, rawBody: '' });
  const post = (body: string) => strava.receiveWebhook({ method: 'POST', query: {}, headers: {}, rawBody: body });

  it('echoes hub.challenge only for the right verify token', () => {
    expect(get({ 'hub.mode': 'subscribe', 'hub.challenge': '15f7d1a91c1f40f8a748fd134752feb3', 'hub.verify_token': 'STRAVA' })).toEqual({
      kind: 'handshake', status: 200, body: { 'hub.challenge': '15f7d1a91c1f40f8a748fd134752feb3' },
    });
    expect(get({ 'hub.mode': 'subscribe', 'hub.challenge': 'x', 'hub.verify_token': 'guess' })).toMatchObject({ kind: 'handshake', status: 403 });
  });

  it('reads the events of Strava\'s reference', () => {
    // event_time 1516126040 is 2018-01-16T18:07:20Z: the week before its day to the day after.
    expect(post('{"aspect_type":"update","event_time":1516126040,"object_id":1360128428,"object_type":"activity","owner_id":134815,"subscription_id":120475,"updates":{"title":"Messy"}}')).toEqual({
      kind: 'notifications', notifications: [{ vendorUserId: '134815', from: new Date('2018-01-09T00:00:00Z'), to: new Date('2018-01-18T00:00:00Z') }],
    });
    expect(post('{"aspect_type":"update","event_time":1516126040,"object_id":134815,"object_type":"athlete","owner_id":134815,"subscription_id":120475,"updates":{"authorized":"false"}}')).toEqual({
      kind: 'notifications', notifications: [{ vendorUserId: '134815', from: null, to: null, deauthorized: true }],
    });
    expect(post('{"aspect_type":"update","object_type":"athlete","owner_id":1,"updates":{"name":"x"}}')).toEqual({ kind: 'notifications', notifications: [] });
  });

  it('refuses a body that is not an event', () => {
    expect(() => post('not json')).toThrow(ProviderError);
    expect(() => post('{"object_type":"activity"}')).toThrow(ProviderError);
  });
});

describe('Strava rate-limit headers', () => {
  const headers = (usage: string) => new Headers({ 'x-ratelimit-limit': '200,2000', 'x-ratelimit-usage': usage });

  it('waits for the next quarter hour when the 15-minute limit is used up', () => {
    expect(stravaRetryAfter(headers('201,950'), new Date('2026-11-20T10:07:30Z'))).toBe(450);
    expect(stravaRetryAfter(headers('201,950'), new Date('2026-11-20T10:45:00Z'))).toBe(900);
  });

  it('waits for midnight UTC when the daily limit is used up', () => {
    expect(stravaRetryAfter(headers('150,2000'), new Date('2026-11-20T23:00:00Z'))).toBe(3600);
  });

  it('knows nothing without the headers', () => {
    expect(stravaRetryAfter(new Headers(), new Date())).toBeNull();
  });
});
