import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { vendorSettingsFromEnv } from '../index';
import { allPages, authorize, connect, control, merged, REDIRECT_URI, webhookReceiver } from '../../test-support/sandbox-flow';
import { GarminProvider } from './garmin.vendor';

describe('Garmin adapter against the sandbox', () => {
  let sandbox: VendorSandbox;
  let garmin: GarminProvider;

  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: 'approve' });
    garmin = new GarminProvider(vendorSettingsFromEnv({}, sandbox.baseUrl).get('GARMIN')!);
  });
  afterAll(() => sandbox.close());

  const stats = (user: string) => fetch(`${sandbox.baseUrl}/__sandbox/stats?vendor=garmin&user=${user}`).then((r) => r.json());
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('asks for consent on oauth2Confirm with state and PKCE S256, without a scope', () => {
    const url = garmin.authorizationUrl({ state: 'abc', codeChallenge: 'challenge', redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${sandbox.baseUrl}/garmin/oauth2Confirm`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'sandbox-garmin', response_type: 'code', redirect_uri: REDIRECT_URI, state: 'abc', code_challenge: 'challenge', code_challenge_method: 'S256',
    });
  });

  it('exchanges the code (PKCE checked) and reads the user id from /user/id', async () => {
    const grant = await connect(garmin, 'g-1001');
    expect(grant.vendorUserId).toBe('g-1001');
    expect(grant.refreshToken).toEqual(expect.any(String));
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
    const { callback } = await authorize(garmin, 'g-1001');
    const wrong = { code: callback.code, codeVerifier: 'y'.repeat(43), redirectUri: REDIRECT_URI, callbackParameters: callback };
    expect(await kindOf(garmin.exchangeCode(wrong))).toBe(ProviderErrorKind.Refused);
  });

  it('refreshes, and a refresh Garmin refuses is refused', async () => {
    const grant = await connect(garmin, 'g-1002');
    const refreshed = await garmin.refresh(grant);
    expect(refreshed.vendorUserId).toBe('g-1002');
    expect(refreshed.accessToken).not.toBe(grant.accessToken);
    expect(await stats('g-1002')).toMatchObject({ refreshes: 1 });
    await control(sandbox.baseUrl, 'revoke', { vendor: 'garmin', user: 'g-1002' });
    expect(await kindOf(garmin.refresh(refreshed))).toBe(ProviderErrorKind.Refused);
  });

  it('deregisters the user on disconnect: the grant is gone, and deregistering again is harmless', async () => {
    const grant = await connect(garmin, 'g-1003');
    await garmin.revoke(grant);
    expect(await stats('g-1003')).toMatchObject({ revocations: 1, active_grants: 0 });
    await garmin.revoke(grant);
  });

  it('pulls four days in day-long upload windows, one summary type per page, every page a valid upload', async () => {
    const grant = await connect(garmin, 'g-1004');
    const to = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const from = new Date(to.getTime() - 4 * 86_400_000);
    const pages = await allPages(garmin, grant, from, to);
    // 4 windows x 4 summary types.
    expect(pages).toHaveLength(16);
    const records = merged(pages);
    // A daily summary is uploaded when its day ends: 4 windows of 24 hours hold 4 day ends.
    expect(records.daily_summary).toHaveLength(4);
    // A night is uploaded when the person gets up; the sandbox serves no data of today yet.
    expect(records.sleep_summary.length).toBeGreaterThanOrEqual(3);
    expect(records.sleep_summary.length).toBeLessThanOrEqual(4);
    expect(records.sleep_detail.length).toBeGreaterThan(records.sleep_summary.length);
    expect(records.heartrate_sample).toHaveLength(4);
    // Every daily summary keyed by its summaryId, each once.
    const ids = records.daily_summary.map((r) => r.external_id);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => /^x[0-9a-f]+-[0-9a-f]+-[0-9a-f]+$/.test(String(id)))).toBe(true);
    // The user id, 4 backfill requests (one per summary type: the 4 days are one 90-day span), 16 pulls.
    expect(await stats('g-1004')).toMatchObject({ data_calls: 1 + 4 + 16 });
  });

  it('asks for no backfill when the sync spans a day or less', async () => {
    const grant = await connect(garmin, 'g-1009');
    const to = new Date(Math.floor(Date.now() / 1000) * 1000);
    const pages = await allPages(garmin, grant, new Date(to.getTime() - 86_400_000), to);
    expect(pages).toHaveLength(4);
    expect(await stats('g-1009')).toMatchObject({ data_calls: 1 + 4 });
  });

  it('turns a 429 with Retry-After into rate_limited and a 503 into unavailable', async () => {
    const grant = await connect(garmin, 'g-1005');
    const request = { grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'faults', { vendor: 'garmin', status: 429, retry_after: 120, count: 1 });
    const error = await garmin.fetchPage(request).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: ProviderErrorKind.RateLimited, retryAfterSeconds: 120 });
    await control(sandbox.baseUrl, 'faults', { vendor: 'garmin', status: 503, count: 1 });
    expect(await kindOf(garmin.fetchPage(request))).toBe(ProviderErrorKind.Unavailable);
    expect(await kindOf(garmin.fetchPage(request))).toBe('resolved');
  });

  it('answers unauthorized when the access token is no longer valid', async () => {
    const grant = await connect(garmin, 'g-1006');
    await control(sandbox.baseUrl, 'expire', { vendor: 'garmin', user: 'g-1006' });
    expect(await kindOf(garmin.fetchPage({ grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null }))).toBe(ProviderErrorKind.Unauthorized);
  });

  it('reads the sandbox\'s ping and deregistration', async () => {
    const receiver = await webhookReceiver(garmin);
    try {
      await control(sandbox.baseUrl, 'webhook', { vendor: 'garmin', url: receiver.url, kind: 'data', user: 'g-1007', date: '2026-11-20' });
      await control(sandbox.baseUrl, 'webhook', { vendor: 'garmin', url: receiver.url, kind: 'deauthorization', user: 'g-1007' });
      expect(receiver.errors).toEqual([]);
      const [ping, deregistration] = receiver.answers;
      expect(ping).toMatchObject({ kind: 'notifications', notifications: [{ vendorUserId: 'g-1007' }] });
      const window = (ping as { readonly notifications: readonly { from: Date; to: Date }[] }).notifications[0];
      expect(window.to.getTime() - window.from.getTime()).toBe(3_600_000);
      expect(deregistration).toEqual({ kind: 'notifications', notifications: [{ vendorUserId: 'g-1007', from: null, to: null, deauthorized: true }] });
    } finally {
      receiver.server.close();
    }
  });

  it('refuses a cursor it did not write', async () => {
    const grant = await connect(garmin, 'g-1008');
    const cursor = Buffer.from(JSON.stringify({ start: 0, type: 9 })).toString('base64url');
    expect(await kindOf(garmin.fetchPage({ grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor }))).toBe(ProviderErrorKind.InvalidResponse);
  });
});
