import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { vendorSettingsFromEnv } from '../index';
import { allPages, authorize, connect, control, merged, REDIRECT_URI, webhookReceiver } from '../../test-support/sandbox-flow';
import { WithingsProvider } from './withings.vendor';

describe('Withings adapter against the sandbox', () => {
  let sandbox: VendorSandbox;
  let withings: WithingsProvider;

  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: 'approve' });
    withings = new WithingsProvider(vendorSettingsFromEnv({}, sandbox.baseUrl).get('WITHINGS')!);
  });
  afterAll(() => sandbox.close());

  const stats = (user: string) => fetch(`${sandbox.baseUrl}/__sandbox/stats?vendor=withings&user=${user}`).then((r) => r.json());
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('asks for consent on authorize2 with state, PKCE S256 and comma-separated scopes', () => {
    const url = withings.authorizationUrl({ state: 'abc', codeChallenge: 'challenge', redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${sandbox.baseUrl}/withings/oauth2_user/authorize2`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sandbox-withings', response_type: 'code', redirect_uri: REDIRECT_URI, scope: 'user.info,user.metrics,user.activity',
      state: 'abc', code_challenge: 'challenge', code_challenge_method: 'S256',
    });
  });

  it('exchanges the code through the {status, body} envelope: userid as text, a 3-hour token', async () => {
    const grant = await connect(withings, '36001001');
    expect(grant.vendorUserId).toBe('36001001');
    expect(grant.scope).toBe('user.info,user.metrics,user.activity');
    expect(grant.refreshToken).toEqual(expect.any(String));
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 2.9 * 3600 * 1000);
    expect(grant.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 3 * 3600 * 1000);
  });

  it('is refused a code with the wrong PKCE verifier (Withings\' status 503 in the envelope)', async () => {
    const { callback } = await authorize(withings, '36001002');
    expect(await kindOf(withings.exchangeCode({ code: callback.code, codeVerifier: 'q'.repeat(43), redirectUri: REDIRECT_URI, callbackParameters: callback }))).toBe(ProviderErrorKind.Refused);
  });

  it('refreshes with action=requesttoken; the spent refresh token is refused', async () => {
    const grant = await connect(withings, '36001003');
    const refreshed = await withings.refresh(grant);
    expect(refreshed.vendorUserId).toBe('36001003');
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(await stats('36001003')).toMatchObject({ refreshes: 1 });
    expect(await kindOf(withings.refresh(grant))).toBe(ProviderErrorKind.Refused);
  });

  it('rate limiting of the token endpoint (status 601) is rate_limited', async () => {
    const grant = await connect(withings, '36001004');
    await control(sandbox.baseUrl, 'faults', { vendor: 'withings', scope: 'token', status: 429, count: 1 });
    expect(await kindOf(withings.refresh(grant))).toBe(ProviderErrorKind.RateLimited);
  });

  it('revokes with a signed request and a nonce: the grant is gone', async () => {
    const grant = await connect(withings, '36001005');
    await withings.revoke(grant);
    expect(await stats('36001005')).toMatchObject({ revocations: 1, active_grants: 0 });
    expect(await kindOf(withings.refresh(grant))).toBe(ProviderErrorKind.Refused);
  });

  it('a revocation signed with another secret is refused by Withings', async () => {
    const grant = await connect(withings, '36001006');
    const forger = new WithingsProvider({ ...vendorSettingsFromEnv({}, sandbox.baseUrl).get('WITHINGS')!, clientSecret: 'not-the-secret' });
    expect(await kindOf(forger.revoke(grant))).toBe(ProviderErrorKind.InvalidResponse);
    expect(await stats('36001006')).toMatchObject({ revocations: 0, active_grants: 1 });
  });

  it('reads 30 days through several pages per service (more + offset), each a valid upload', async () => {
    const grant = await connect(withings, '36001007');
    const to = new Date();
    const from = new Date(to.getTime() - 30 * 86_400_000);
    const pages = await allPages(withings, grant, from, to);
    const records = merged(pages);
    // 29 or 30 past days in pages of 10: three pages of activity, three of sleep, at least three of measures.
    expect(pages.length).toBeGreaterThanOrEqual(3 + 3 + 3 + 1);
    expect(records.daily_summary.length).toBeGreaterThanOrEqual(29);
    expect(new Set(records.daily_summary.map((r) => r.date)).size).toBe(records.daily_summary.length);
    expect(records.sleep_summary.length).toBe(records.daily_summary.length);
    expect(records.biometric.length).toBeGreaterThanOrEqual(29);
    expect(records.biometric.every((r) => typeof r.weight === 'number' && (r.weight as number) > 40 && (r.weight as number) < 100)).toBe(true);
    expect(records.biometric_measurement.some((r) => r.measurement_type === 'BLOOD_PRESSURE')).toBe(true);
    expect(records.biometric_measurement.filter((r) => r.measurement_type === 'HYDRATION').every((r) => r.value === 55)).toBe(true);
  });

  it('turns a 429 with Retry-After into rate_limited, a 503 into unavailable, an expired token into unauthorized', async () => {
    const grant = await connect(withings, '36001008');
    const request = { grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'faults', { vendor: 'withings', status: 429, retry_after: 75, count: 1 });
    expect(await withings.fetchPage(request).catch((e: unknown) => e)).toMatchObject({ kind: ProviderErrorKind.RateLimited, retryAfterSeconds: 75 });
    await control(sandbox.baseUrl, 'faults', { vendor: 'withings', status: 503, count: 1 });
    expect(await kindOf(withings.fetchPage(request))).toBe(ProviderErrorKind.Unavailable);
    expect(await kindOf(withings.fetchPage(request))).toBe('resolved');
    await control(sandbox.baseUrl, 'expire', { vendor: 'withings', user: '36001008' });
    expect(await kindOf(withings.fetchPage(request))).toBe(ProviderErrorKind.Unauthorized);
  });

  it('answers the callback check and reads the sandbox\'s notification', async () => {
    const receiver = await webhookReceiver(withings);
    try {
      expect(await control(sandbox.baseUrl, 'webhook', { vendor: 'withings', url: receiver.url, kind: 'handshake' })).toMatchObject({ status: 200, accepted: true });
      await control(sandbox.baseUrl, 'webhook', { vendor: 'withings', url: receiver.url, kind: 'data', user: '36001009', date: '2026-11-20' });
      expect(receiver.errors).toEqual([]);
      expect(receiver.answers[1]).toMatchObject({ kind: 'notifications', notifications: [{ vendorUserId: '36001009' }] });
    } finally {
      receiver.server.close();
    }
  });
});
