import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { vendorSettingsFromEnv } from '../index';
import { allPages, authorize, connect, control, merged, REDIRECT_URI, webhookReceiver } from '../../test-support/sandbox-flow';
import { PolarProvider } from './polar.vendor';

describe('Polar adapter against the sandbox', () => {
  let sandbox: VendorSandbox;
  let polar: PolarProvider;

  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: 'approve' });
    polar = new PolarProvider(vendorSettingsFromEnv({}, sandbox.baseUrl).get('POLAR')!);
  });
  afterAll(() => sandbox.close());

  const stats = (user: string) => fetch(`${sandbox.baseUrl}/__sandbox/stats?vendor=polar&user=${user}`).then((r) => r.json());
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('asks for consent with state, PKCE S256 and the AccessLink scope', () => {
    const url = polar.authorizationUrl({ state: 'abc', codeChallenge: 'challenge', redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${sandbox.baseUrl}/polar/oauth2/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sandbox-polar', response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'accesslink.read_all',
      state: 'abc', code_challenge: 'challenge', code_challenge_method: 'S256',
    });
  });

  it('exchanges the code with Basic client authentication: x_user_id, a token that does not expire, the user registered', async () => {
    const grant = await connect(polar, '47501001');
    expect(grant).toEqual({ accessToken: expect.any(String), refreshToken: null, expiresAt: null, scope: null, vendorUserId: '47501001' });
    // Registered: the data API answers.
    const page = await polar.fetchPage({ grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null });
    expect(page.nextCursor).not.toBeNull();
    // Reconnecting finds the user registered already (409), which is fine.
    const again = await connect(polar, '47501001');
    expect(again.vendorUserId).toBe('47501001');
  });

  it('is refused a code with the wrong PKCE verifier', async () => {
    const { callback } = await authorize(polar, '47501002');
    expect(await kindOf(polar.exchangeCode({ code: callback.code, codeVerifier: 'z'.repeat(43), redirectUri: REDIRECT_URI, callbackParameters: callback }))).toBe(ProviderErrorKind.Refused);
  });

  it('answers refused to a refresh: a token that never expires was refused because the person revoked it', async () => {
    const grant = await connect(polar, '47501003');
    await control(sandbox.baseUrl, 'revoke', { vendor: 'polar', user: '47501003' });
    expect(await kindOf(polar.fetchPage({ grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null }))).toBe(ProviderErrorKind.Unauthorized);
    expect(await kindOf(polar.refresh(grant))).toBe(ProviderErrorKind.Refused);
    expect(await stats('47501003')).toMatchObject({ refreshes: 0 });
  });

  it('deregisters the user on disconnect: the grant ends, and a second disconnect is harmless', async () => {
    const grant = await connect(polar, '47501004');
    await polar.revoke(grant);
    expect(await stats('47501004')).toMatchObject({ revocations: 1, active_grants: 0 });
    expect(await kindOf(polar.fetchPage({ grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null }))).toBe(ProviderErrorKind.Unauthorized);
    await polar.revoke(grant);
  });

  it('reads a week in four pages (exercises, daily activity, nights with recharge, heart rate), each a valid upload', async () => {
    const grant = await connect(polar, '47501005');
    const to = new Date();
    const from = new Date(to.getTime() - 7 * 86_400_000);
    const pages = await allPages(polar, grant, from, to);
    expect(pages).toHaveLength(4);
    expect(Object.keys(pages[1].records)).toEqual(['daily_summary']);
    const records = merged(pages);
    // Seven or eight local dates touch the window; the sandbox has no data of today.
    expect(records.daily_summary.length).toBeGreaterThanOrEqual(6);
    expect(records.daily_summary.length).toBeLessThanOrEqual(8);
    expect(records.heartrate_summary.length).toBe(records.daily_summary.length);
    expect(records.sleep_summary.every((night) => typeof night.average_hrv === 'number')).toBe(true);
    expect(records.sleep_detail.length).toBeGreaterThan(records.sleep_summary.length);
    expect((records.workout ?? []).every((w) => Date.parse(String(w.timestamp)) >= from.getTime())).toBe(true);
  });

  it('turns a 429 with Retry-After into rate_limited and a 502 into unavailable', async () => {
    const grant = await connect(polar, '47501006');
    const request = { grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'faults', { vendor: 'polar', status: 429, retry_after: 45, count: 1 });
    expect(await polar.fetchPage(request).catch((e: unknown) => e)).toMatchObject({ kind: ProviderErrorKind.RateLimited, retryAfterSeconds: 45 });
    await control(sandbox.baseUrl, 'faults', { vendor: 'polar', status: 502, count: 1 });
    expect(await kindOf(polar.fetchPage(request))).toBe(ProviderErrorKind.Unavailable);
    expect(await kindOf(polar.fetchPage(request))).toBe('resolved');
  });

  it('answers the sandbox\'s PING and accepts its signed event', async () => {
    const receiver = await webhookReceiver(polar);
    try {
      expect(await control(sandbox.baseUrl, 'webhook', { vendor: 'polar', url: receiver.url, kind: 'handshake' })).toMatchObject({ status: 200, accepted: true });
      await control(sandbox.baseUrl, 'webhook', { vendor: 'polar', url: receiver.url, kind: 'data', user: '47501007' });
      expect(receiver.errors).toEqual([]);
      expect(receiver.answers[1]).toEqual({ kind: 'notifications', notifications: [{ vendorUserId: '47501007', from: null, to: null }] });
    } finally {
      receiver.server.close();
    }
  });

  it('refuses an event signed with another key', async () => {
    const other = new PolarProvider({ ...vendorSettingsFromEnv({}, sandbox.baseUrl).get('POLAR')!, webhookSecret: 'not-the-sandbox-key' });
    const receiver = await webhookReceiver(other);
    try {
      await control(sandbox.baseUrl, 'webhook', { vendor: 'polar', url: receiver.url, kind: 'data', user: '47501008' });
      expect(receiver.answers).toEqual([]);
      expect(receiver.errors).toEqual([expect.objectContaining({ kind: ProviderErrorKind.InvalidResponse })]);
    } finally {
      receiver.server.close();
    }
  });
});
