import { createHmac } from 'node:crypto';
import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { startVendorSandbox, VendorSandbox } from '@strive/providers/sandbox';
import { vendorSettingsFromEnv } from '../index';
import { allPages, authorize, connect, control, merged, REDIRECT_URI, webhookReceiver } from '../../test-support/sandbox-flow';
import { FitbitProvider, fitbitRetryAfter } from './fitbit.vendor';

jest.setTimeout(30_000);

describe('Fitbit adapter against the sandbox', () => {
  let sandbox: VendorSandbox;
  let fitbit: FitbitProvider;

  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: 'approve' });
    fitbit = new FitbitProvider(vendorSettingsFromEnv({}, sandbox.baseUrl).get('FITBIT')!);
  });
  afterAll(() => sandbox.close());

  const stats = (user: string) => fetch(`${sandbox.baseUrl}/__sandbox/stats?vendor=fitbit&user=${user}`).then((r) => r.json());
  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'resolved',
      (error: unknown) => (error instanceof ProviderError ? error.kind : String(error)),
    );

  it('asks for consent with state, PKCE S256 and space-separated scopes', () => {
    const url = fitbit.authorizationUrl({ state: 'abc', codeChallenge: 'challenge', redirectUri: REDIRECT_URI });
    expect(url.origin + url.pathname).toBe(`${sandbox.baseUrl}/fitbit/oauth2/authorize`);
    expect(url.searchParams.get('scope')).toBe('activity heartrate sleep weight profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBe('abc');
  });

  it('exchanges the code with Basic client authentication: user_id and scope from the token answer', async () => {
    const grant = await connect(fitbit, 'FB0001');
    expect(grant).toMatchObject({ vendorUserId: 'FB0001', scope: 'activity heartrate sleep weight profile' });
    expect(grant.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 7 * 3600 * 1000);
  });

  it('is refused a code with the wrong PKCE verifier', async () => {
    const { callback } = await authorize(fitbit, 'FB0002');
    expect(await kindOf(fitbit.exchangeCode({ code: callback.code, codeVerifier: 'y'.repeat(43), redirectUri: REDIRECT_URI, callbackParameters: callback }))).toBe(ProviderErrorKind.Refused);
  });

  it('refreshes with the single-use refresh token; the spent one is refused', async () => {
    const grant = await connect(fitbit, 'FB0003');
    const refreshed = await fitbit.refresh(grant);
    expect(refreshed.refreshToken).not.toBe(grant.refreshToken);
    expect(refreshed.vendorUserId).toBe('FB0003');
    expect(await kindOf(fitbit.refresh(grant))).toBe(ProviderErrorKind.Refused);
    expect(await stats('FB0003')).toMatchObject({ refreshes: 1 });
  });

  it('answers refused when the person revoked access at Fitbit', async () => {
    const grant = await connect(fitbit, 'FB0004');
    await control(sandbox.baseUrl, 'revoke', { vendor: 'fitbit', user: 'FB0004' });
    expect(await kindOf(fitbit.refresh(grant))).toBe(ProviderErrorKind.Refused);
  });

  it('revokes the grant (RFC 7009)', async () => {
    const grant = await connect(fitbit, 'FB0005');
    await fitbit.revoke(grant);
    expect(await stats('FB0005')).toMatchObject({ revocations: 1, active_grants: 0 });
    expect(await kindOf(fitbit.fetchPage({ grant, from: new Date(Date.now() - 86_400_000), to: new Date(), cursor: null }))).toBe(ProviderErrorKind.Unauthorized);
  });

  it('reads 20 days in pages: activity series, heart rate, sleep, weight, activity logs; each page a valid upload', async () => {
    const grant = await connect(fitbit, 'FB0006');
    const to = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate()) - 2 * 86_400_000);
    const from = new Date(to.getTime() - 20 * 86_400_000);
    const pages = await allPages(fitbit, grant, from, to);
    const all = merged(pages);
    // series, heart, sleep a week a page (20 or 21 days: 3 pages), weight, activities.
    expect(pages.length).toBe(7);
    expect(all.daily_summary.length).toBeGreaterThanOrEqual(20);
    expect(all.daily_summary.length).toBeLessThanOrEqual(21);
    expect(new Set(all.daily_summary.map((d) => d.date)).size).toBe(all.daily_summary.length);
    expect(all.sleep_summary.length).toBe(all.daily_summary.length);
    expect(all.heartrate_summary.length).toBe(all.daily_summary.length);
    expect(all.weight.length).toBeGreaterThanOrEqual(9);
    expect(all.sleep_detail.length).toBeGreaterThan(all.sleep_summary.length * 5);
    expect(all.workout.every((w) => Date.parse(String(w.timestamp)) >= from.getTime() && Date.parse(String(w.timestamp)) < to.getTime())).toBe(true);
  });

  it('keeps every page of a 90-day backfill under the upload limit (sleep stages a week at a time)', async () => {
    const grant = await connect(fitbit, 'FB0010');
    const to = new Date();
    // allPages checks every page with readHealthUpload, which refuses more than 1000 records.
    const pages = await allPages(fitbit, grant, new Date(to.getTime() - 90 * 86_400_000), to);
    expect(merged(pages).sleep_detail.length).toBeGreaterThan(1000);
  });

  it('follows pagination.next of the activity list across pages (limit 100) over a year', async () => {
    const grant = await connect(fitbit, 'FB0007');
    const to = new Date();
    const from = new Date(to.getTime() - 300 * 86_400_000);
    let cursor: string | null = null;
    let activityPages = 0;
    const ids = new Set<unknown>();
    let total = 0;
    do {
      const page = await fitbit.fetchPage({ grant, from, to, cursor });
      if (page.records.workout) {
        activityPages += 1;
        total += page.records.workout.length;
        page.records.workout.forEach((w) => ids.add(w.external_id));
      }
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(activityPages).toBeGreaterThanOrEqual(2);
    expect(ids.size).toBe(total);
  });

  it('turns a 429 into rate_limited with fitbit-rate-limit-reset seconds, and a 503 into unavailable', async () => {
    const grant = await connect(fitbit, 'FB0008');
    const request = { grant, from: new Date(Date.now() - 3 * 86_400_000), to: new Date(), cursor: null };
    await control(sandbox.baseUrl, 'faults', { vendor: 'fitbit', status: 429, retry_after: 1234, count: 1 });
    const error = (await fitbit.fetchPage(request).catch((e: unknown) => e)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect([error.kind, error.retryAfterSeconds]).toEqual([ProviderErrorKind.RateLimited, 1234]);
    await control(sandbox.baseUrl, 'faults', { vendor: 'fitbit', status: 503, count: 1 });
    expect(await kindOf(fitbit.fetchPage(request))).toBe(ProviderErrorKind.Unavailable);
  });

  it('passes the verification (right code 204, wrong code 404) and reads signed notifications from the sandbox', async () => {
    const receiver = await webhookReceiver(fitbit);
    try {
      expect(await control(sandbox.baseUrl, 'webhook', { vendor: 'fitbit', url: receiver.url, kind: 'handshake' })).toMatchObject({ status: 204, accepted: true });
      const wrong = await fetch(`${receiver.url}?verify=wrong`);
      expect(wrong.status).toBe(404);
      await control(sandbox.baseUrl, 'webhook', { vendor: 'fitbit', url: receiver.url, kind: 'data', user: 'FB0009', date: '2026-11-20' });
      expect(receiver.answers[2]).toEqual({
        kind: 'notifications',
        notifications: [
          { vendorUserId: 'FB0009', from: new Date('2026-11-19T00:00:00Z'), to: new Date('2026-11-22T00:00:00Z') },
          { vendorUserId: 'FB0009', from: new Date('2026-11-19T00:00:00Z'), to: new Date('2026-11-22T00:00:00Z') },
        ],
      });
      expect(receiver.errors).toEqual([]);
    } finally {
      receiver.server.close();
    }
  });
});

describe('Fitbit notifications', () => {
  const fitbit = new FitbitProvider(vendorSettingsFromEnv({ FITBIT_CLIENT_ID: '22942C', FITBIT_CLIENT_SECRET: 'abc123', FITBIT_WEBHOOK_SECRET: 'verify-me' }, null).get('FITBIT')!);
  const body = '[{"collectionType":"body","date":"2026-03-01","ownerId":"228S74","ownerType":"user","subscriptionId":"1234"},{"collectionType":"userRevokedAccess","date":"2026-03-01","ownerId":"228S75","ownerType":"user","subscriptionId":"1235"}]';
  // X-Fitbit-Signature: base64 HMAC-SHA1 of the body, key client secret + "&".
  const signature = createHmac('sha1', 'abc123&').update(body).digest('base64');
  const post = (raw: string, sig: string | undefined) => fitbit.receiveWebhook({ method: 'POST', query: {}, headers: { 'x-fitbit-signature': sig }, rawBody: raw });

  it('verifies the subscriber: 204 for the code, 404 for anything else', () => {
    expect(fitbit.receiveWebhook({ method: 'GET', query: { verify: 'verify-me' }, headers: {}, rawBody: '' })).toEqual({ kind: 'handshake', status: 204, body: '' });
    expect(fitbit.receiveWebhook({ method: 'GET', query: { verify: 'nope' }, headers: {}, rawBody: '' })).toEqual({ kind: 'handshake', status: 404, body: '' });
    expect(fitbit.receiveWebhook({ method: 'GET', query: {}, headers: {}, rawBody: '' })).toMatchObject({ status: 404 });
  });

  it('reads a signed batch: the local date widened to cover every zone, a revocation as deauthorized', () => {
    expect(post(body, signature)).toEqual({
      kind: 'notifications',
      notifications: [
        { vendorUserId: '228S74', from: new Date('2026-02-28T00:00:00Z'), to: new Date('2026-03-03T00:00:00Z') },
        { vendorUserId: '228S75', from: null, to: null, deauthorized: true },
      ],
    });
  });

  it('refuses a forged signature, a changed body and a missing signature', () => {
    const forged = createHmac('sha1', 'guess&').update(body).digest('base64');
    for (const [raw, sig] of [[body, forged], [body.replace('228S74', '228S76'), signature], [body, undefined]] as const) {
      expect(() => post(raw, sig)).toThrow(expect.objectContaining({ kind: ProviderErrorKind.InvalidResponse }));
    }
  });
});

describe('Fitbit rate-limit headers', () => {
  it('reads fitbit-rate-limit-reset', () => {
    expect(fitbitRetryAfter(new Headers({ 'fitbit-rate-limit-reset': '1800' }))).toBe(1800);
    expect(fitbitRetryAfter(new Headers())).toBeNull();
  });
});
