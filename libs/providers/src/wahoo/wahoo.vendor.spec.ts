import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { vendorSettingsFromEnv } from '../index';
import { allPages, authorize, connect, control, merged, REDIRECT_URI, webhookReceiver } from '../../test-support/sandbox-flow';
import { WAHOO_PAGE_SIZE, WahooProvider } from './wahoo.vendor';

describe('Wahoo adapter against the sandbox', () => {
  let sandbox: VendorSandbox;
  let wahoo: WahooProvider;

  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: 'approve' });
    wahoo = new WahooProvider(vendorSettingsFromEnv({}, sandbox.baseUrl).get('WAHOO')!);
  });
  afterAll(() => sandbox.close());

  const stats = (user: string) => fetch(`${sandbox.baseUrl}/__sandbox/stats?vendor=wahoo&user=${user}`).then((r) => r.json());
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('exchanges the code (PKCE checked) and reads the user id from /v1/user', async () => {
    const url = wahoo.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI });
    expect(url.searchParams.get('scope')).toBe('user_read workouts_read offline_data');
    const grant = await connect(wahoo, '60501');
    expect(grant.vendorUserId).toBe('60501');
    const { callback } = await authorize(wahoo, '60501');
    expect(await kindOf(wahoo.exchangeCode({ code: callback.code, codeVerifier: 'v'.repeat(43), redirectUri: REDIRECT_URI, callbackParameters: callback }))).toBe(ProviderErrorKind.Refused);
  });

  it('refreshes, refuses a spent refresh token, and deauthorizes on disconnect', async () => {
    const grant = await connect(wahoo, '60502');
    const refreshed = await wahoo.refresh(grant);
    expect(await kindOf(wahoo.refresh(grant))).toBe(ProviderErrorKind.Refused);
    await wahoo.revoke(refreshed);
    expect(await stats('60502')).toMatchObject({ refreshes: 1, revocations: 1, active_grants: 0 });
    await wahoo.revoke(refreshed);
  });

  it('pages newest first and stops at the page that reaches before the window', async () => {
    const grant = await connect(wahoo, '60503');
    const to = new Date();
    const from = new Date(to.getTime() - 120 * 86_400_000);
    const pages = await allPages(wahoo, grant, from, to);
    const workouts = merged(pages).workout;
    // About one workout a day over 120 days: several pages of 50, and no page past the window.
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.slice(0, -1).every((page) => page.records.workout?.length === WAHOO_PAGE_SIZE)).toBe(true);
    expect(workouts.every((w) => Date.parse(String(w.timestamp)) >= from.getTime())).toBe(true);
    expect(new Set(workouts.map((w) => w.external_id)).size).toBe(workouts.length);
    expect(await stats('60503')).toMatchObject({ data_calls: pages.length + 1 });
  });

  it('turns a 429 with Retry-After into rate_limited and a 503 into unavailable', async () => {
    const grant = await connect(wahoo, '60504');
    const request = { grant, from: new Date(Date.now() - 7 * 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'faults', { vendor: 'wahoo', status: 429, retry_after: 30, count: 1 });
    expect(await wahoo.fetchPage(request).catch((e: unknown) => e)).toMatchObject({ kind: ProviderErrorKind.RateLimited, retryAfterSeconds: 30 });
    await control(sandbox.baseUrl, 'faults', { vendor: 'wahoo', status: 503, count: 1 });
    expect(await kindOf(wahoo.fetchPage(request))).toBe(ProviderErrorKind.Unavailable);
    expect(await kindOf(wahoo.fetchPage(request))).toBe('resolved');
  });

  it('accepts the sandbox\'s event carrying the webhook token, and refuses it under another token', async () => {
    const receiver = await webhookReceiver(wahoo);
    const other = await webhookReceiver(new WahooProvider({ ...vendorSettingsFromEnv({}, sandbox.baseUrl).get('WAHOO')!, webhookSecret: 'another-token' }));
    try {
      await control(sandbox.baseUrl, 'webhook', { vendor: 'wahoo', url: receiver.url, kind: 'data', user: '60505' });
      expect(receiver.answers).toEqual([{ kind: 'notifications', notifications: [{ vendorUserId: '60505', from: null, to: null }] }]);
      await control(sandbox.baseUrl, 'webhook', { vendor: 'wahoo', url: other.url, kind: 'data', user: '60505' });
      expect(other.errors).toEqual([expect.objectContaining({ kind: ProviderErrorKind.InvalidResponse })]);
    } finally {
      receiver.server.close();
      other.server.close();
    }
  });
});
