import { createHmac } from 'node:crypto';
import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { vendorSettingsFromEnv } from '../index';
import { allPages, authorize, connect, control, merged, REDIRECT_URI, webhookReceiver } from '../../test-support/sandbox-flow';
import { OuraProvider } from './oura.vendor';

jest.setTimeout(30_000);

describe('Oura adapter against the sandbox', () => {
  let sandbox: VendorSandbox;
  let oura: OuraProvider;

  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: 'approve' });
    oura = new OuraProvider(vendorSettingsFromEnv({}, sandbox.baseUrl).get('OURA')!);
  });
  afterAll(() => sandbox.close());

  const stats = (user: string) => fetch(`${sandbox.baseUrl}/__sandbox/stats?vendor=oura&user=${user}`).then((r) => r.json());
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('exchanges the code and reads the user id from personal_info (the token answer has none)', async () => {
    const url = oura.authorizationUrl({ state: 's', codeChallenge: 'c', redirectUri: REDIRECT_URI });
    expect(url.searchParams.get('scope')).toBe('email personal daily heartrate workout');
    const grant = await connect(oura, 'oura-user-1');
    expect(grant.vendorUserId).toBe('oura-user-1');
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 23 * 3600 * 1000);
  });

  it('is refused a code with the wrong PKCE verifier or another redirect_uri', async () => {
    const first = await authorize(oura, 'oura-user-2');
    expect(await kindOf(oura.exchangeCode({ code: first.callback.code, codeVerifier: 'z'.repeat(43), redirectUri: REDIRECT_URI, callbackParameters: first.callback }))).toBe(ProviderErrorKind.Refused);
    const second = await authorize(oura, 'oura-user-2');
    expect(await kindOf(oura.exchangeCode({ code: second.callback.code, codeVerifier: second.verifier, redirectUri: 'http://127.0.0.1:9/elsewhere', callbackParameters: second.callback }))).toBe(ProviderErrorKind.Refused);
  });

  it('refreshes; a refresh after the grant was revoked at Oura is refused', async () => {
    const grant = await connect(oura, 'oura-user-3');
    const refreshed = await oura.refresh(grant);
    expect(refreshed.vendorUserId).toBe('oura-user-3');
    expect(await stats('oura-user-3')).toMatchObject({ refreshes: 1 });
    await control(sandbox.baseUrl, 'revoke', { vendor: 'oura', user: 'oura-user-3' });
    expect(await kindOf(oura.refresh(refreshed))).toBe(ProviderErrorKind.Refused);
  });

  it('revokes the access token', async () => {
    const grant = await connect(oura, 'oura-user-4');
    await oura.revoke(grant);
    expect(await stats('oura-user-4')).toMatchObject({ revocations: 1, active_grants: 0 });
    await oura.revoke(grant);
  });

  it('reads 25 days through next_token pages, sleep a week a page, and a page per UTC day of heart rate', async () => {
    const grant = await connect(oura, 'oura-user-5');
    const day = 86_400_000;
    const to = new Date(Math.floor(Date.now() / day) * day - 2 * day);
    const from = new Date(to.getTime() - 25 * day);
    const pages = await allPages(oura, grant, from, to);
    const all = merged(pages);
    // The sandbox serves 10 documents a page: 25 or 26 days of activity are 3 pages.
    expect(pages.filter((p) => p.records.daily_summary).length).toBe(3);
    expect(all.daily_summary.length).toBeGreaterThanOrEqual(25);
    expect(new Set(all.daily_summary.map((d) => d.date)).size).toBe(all.daily_summary.length);
    expect(all.sleep_summary.length).toBe(all.daily_summary.length);
    // Sleep a week at a time (25 days: 7 + 7 + 7 + 4), so no page nears the upload limit.
    expect(pages.filter((p) => p.records.sleep_summary).length).toBe(4);
    expect(all.sleep_summary.every((s) => typeof s.sleep_score === 'number')).toBe(true);
    // 25 UTC days of heart rate, one page each, 24 whole hours a day.
    expect(pages.filter((p) => p.records.heartrate_sample).length).toBe(25);
    expect(all.heartrate_sample.length).toBe(25 * 24);
    expect(all.heartrate_sample.every((h) => (h.heart_rate_samples as unknown[]).length === 12)).toBe(true);
  });

  it('turns a 429 into rate_limited with Retry-After, and a 502 into unavailable', async () => {
    const grant = await connect(oura, 'oura-user-6');
    const request = { grant, from: new Date(Date.now() - 3 * 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'faults', { vendor: 'oura', status: 429, retry_after: 77, count: 1 });
    const error = (await oura.fetchPage(request).catch((e: unknown) => e)) as ProviderError;
    expect([error.kind, error.retryAfterSeconds]).toEqual([ProviderErrorKind.RateLimited, 77]);
    await control(sandbox.baseUrl, 'faults', { vendor: 'oura', status: 502, count: 1 });
    expect(await kindOf(oura.fetchPage(request))).toBe(ProviderErrorKind.Unavailable);
    expect(await kindOf(oura.fetchPage(request))).toBe('resolved');
  });

  it('answers the sandbox\'s verification challenge and reads its signed event', async () => {
    const receiver = await webhookReceiver(oura);
    try {
      expect(await control(sandbox.baseUrl, 'webhook', { vendor: 'oura', url: receiver.url, kind: 'handshake' })).toMatchObject({ status: 200, accepted: true });
      await control(sandbox.baseUrl, 'webhook', { vendor: 'oura', url: receiver.url, kind: 'data', user: 'oura-user-7', date: '2026-11-20' });
      expect(receiver.answers[1]).toEqual({
        kind: 'notifications',
        notifications: [{ vendorUserId: 'oura-user-7', from: new Date('2026-11-18T00:00:00Z'), to: new Date('2026-11-22T00:00:00Z') }],
      });
      expect(receiver.errors).toEqual([]);
    } finally {
      receiver.server.close();
    }
  });
});

describe('Oura webhook requests', () => {
  const oura = new OuraProvider(vendorSettingsFromEnv({ OURA_CLIENT_ID: 'id', OURA_CLIENT_SECRET: 'oura-secret', OURA_WEBHOOK_SECRET: 'my-token' }, null).get('OURA')!);
  const body = '{"event_type":"update","data_type":"daily_activity","object_id":"e1f6bcb5-1833-4424-8e08-3bb4c2e37f45","event_time":"2026-07-04T08:00:00+00:00","user_id":"8f9a5221"}';
  const timestamp = '1783152000';
  // x-oura-signature: upper-case hex HMAC-SHA256 of timestamp + body, key the client secret.
  const signature = createHmac('sha256', 'oura-secret').update(timestamp + body).digest('hex').toUpperCase();
  const post = (raw: string, headers: Record<string, string | undefined>) => oura.receiveWebhook({ method: 'POST', query: {}, headers, rawBody: raw });

  it('echoes the challenge only for the verification token', () => {
    expect(oura.receiveWebhook({ method: 'GET', query: { verification_token: 'my-token', challenge: 'abc' }, headers: {}, rawBody: '' })).toEqual({ kind: 'handshake', status: 200, body: { challenge: 'abc' } });
    expect(oura.receiveWebhook({ method: 'GET', query: { verification_token: 'other', challenge: 'abc' }, headers: {}, rawBody: '' })).toMatchObject({ kind: 'handshake', status: 401 });
  });

  it('reads a signed event: the user and the days around it', () => {
    expect(post(body, { 'x-oura-timestamp': timestamp, 'x-oura-signature': signature })).toEqual({
      kind: 'notifications',
      notifications: [{ vendorUserId: '8f9a5221', from: new Date('2026-07-02T00:00:00Z'), to: new Date('2026-07-06T00:00:00Z') }],
    });
    // Lower-case hex is the same signature.
    expect(post(body, { 'x-oura-timestamp': timestamp, 'x-oura-signature': signature.toLowerCase() }).kind).toBe('notifications');
  });

  it('refuses a forged signature, another timestamp and a changed body', () => {
    const forged = createHmac('sha256', 'guess').update(timestamp + body).digest('hex').toUpperCase();
    const cases: [string, Record<string, string | undefined>][] = [
      [body, { 'x-oura-timestamp': timestamp, 'x-oura-signature': forged }],
      [body, { 'x-oura-timestamp': '1783152001', 'x-oura-signature': signature }],
      [body.replace('8f9a5221', '8f9a5222'), { 'x-oura-timestamp': timestamp, 'x-oura-signature': signature }],
      [body, { 'x-oura-timestamp': timestamp }],
    ];
    for (const [raw, headers] of cases) expect(() => post(raw, headers)).toThrow(expect.objectContaining({ kind: ProviderErrorKind.InvalidResponse }));
  });
});
