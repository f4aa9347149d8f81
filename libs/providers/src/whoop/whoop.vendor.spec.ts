import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { vendorSettingsFromEnv } from '../index';
import { allPages, authorize, connect, control, merged, REDIRECT_URI, webhookReceiver } from '../../test-support/sandbox-flow';
import { WhoopProvider } from './whoop.vendor';

describe('WHOOP adapter against the sandbox', () => {
  let sandbox: VendorSandbox;
  let whoop: WhoopProvider;

  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: 'approve' });
    whoop = new WhoopProvider(vendorSettingsFromEnv({}, sandbox.baseUrl).get('WHOOP')!);
  });
  afterAll(() => sandbox.close());

  const stats = (user: string) => fetch(`${sandbox.baseUrl}/__sandbox/stats?vendor=whoop&user=${user}`).then((r) => r.json());
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('asks for consent with state, PKCE S256 and the offline and read scopes', () => {
    const url = whoop.authorizationUrl({ state: 'state-of-8+', codeChallenge: 'challenge', redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${sandbox.baseUrl}/whoop/oauth/oauth2/auth`);
    expect(url.searchParams.get('scope')).toBe('offline read:profile read:cycles read:recovery read:sleep read:workout read:body_measurement');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('exchanges the code (PKCE checked) and reads the user id from the profile', async () => {
    const grant = await connect(whoop, '20001');
    expect(grant.vendorUserId).toBe('20001');
    expect(grant.refreshToken).toEqual(expect.any(String));
    const { callback } = await authorize(whoop, '20001');
    expect(await kindOf(whoop.exchangeCode({ code: callback.code, codeVerifier: 'w'.repeat(43), redirectUri: REDIRECT_URI, callbackParameters: callback }))).toBe(ProviderErrorKind.Refused);
  });

  it('refreshes; a refresh after the member revoked access is refused', async () => {
    const grant = await connect(whoop, '20002');
    const refreshed = await whoop.refresh(grant);
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    await control(sandbox.baseUrl, 'revoke', { vendor: 'whoop', user: '20002' });
    expect(await kindOf(whoop.refresh(refreshed))).toBe(ProviderErrorKind.Refused);
  });

  it('revokes access on disconnect; revoking again is harmless', async () => {
    const grant = await connect(whoop, '20003');
    await whoop.revoke(grant);
    expect(await stats('20003')).toMatchObject({ revocations: 1, active_grants: 0 });
    await whoop.revoke(grant);
  });

  it('reads 60 days through pages of 25 per collection, each a valid upload', async () => {
    const grant = await connect(whoop, '20004');
    const to = new Date();
    const from = new Date(to.getTime() - 60 * 86_400_000);
    const pages = await allPages(whoop, grant, from, to);
    const records = merged(pages);
    // About 59 cycles and nights: three pages each, workouts at least one, the body one.
    expect(pages.length).toBeGreaterThanOrEqual(3 + 3 + 1 + 1);
    expect(records.daily_summary.length).toBeGreaterThanOrEqual(57);
    expect(new Set(records.daily_summary.map((r) => r.date)).size).toBe(records.daily_summary.length);
    // Every cycle found its recovery: resting heart rate and HRV on every day.
    expect(records.heartrate_summary.every((r) => typeof r.resting === 'number' && typeof r.hrv_rmssd === 'number')).toBe(true);
    expect(records.sleep_summary.length).toBeGreaterThanOrEqual(57);
    expect(records.biometric).toHaveLength(1);
  });

  it('turns a 429 with Retry-After into rate_limited and a 500 into unavailable', async () => {
    const grant = await connect(whoop, '20005');
    const request = { grant, from: new Date(Date.now() - 7 * 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'faults', { vendor: 'whoop', status: 429, retry_after: 60, count: 1 });
    expect(await whoop.fetchPage(request).catch((e: unknown) => e)).toMatchObject({ kind: ProviderErrorKind.RateLimited, retryAfterSeconds: 60 });
    await control(sandbox.baseUrl, 'faults', { vendor: 'whoop', status: 500, count: 1 });
    expect(await kindOf(whoop.fetchPage(request))).toBe(ProviderErrorKind.Unavailable);
    expect(await kindOf(whoop.fetchPage(request))).toBe('resolved');
  });

  it('accepts the sandbox\'s signed event and refuses it under another client secret', async () => {
    const receiver = await webhookReceiver(whoop);
    const other = await webhookReceiver(new WhoopProvider({ ...vendorSettingsFromEnv({}, sandbox.baseUrl).get('WHOOP')!, clientSecret: 'not-the-secret' }));
    try {
      await control(sandbox.baseUrl, 'webhook', { vendor: 'whoop', url: receiver.url, kind: 'data', user: '20006' });
      expect(receiver.errors).toEqual([]);
      expect(receiver.answers).toEqual([{ kind: 'notifications', notifications: [{ vendorUserId: '20006', from: null, to: null }] }]);
      await control(sandbox.baseUrl, 'webhook', { vendor: 'whoop', url: other.url, kind: 'data', user: '20006' });
      expect(other.answers).toEqual([]);
      expect(other.errors).toEqual([expect.objectContaining({ kind: ProviderErrorKind.InvalidResponse })]);
    } finally {
      receiver.server.close();
      other.server.close();
    }
  });
});
