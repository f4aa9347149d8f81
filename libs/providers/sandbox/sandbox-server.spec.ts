import * as oauth from 'oauth4webapi';
import { startVendorSandbox, VendorSandbox } from './index';

/** The shared OAuth server of the sandbox, spoken to directly (the adapters' specs use it through oauth4webapi). */
describe('vendor sandbox', () => {
  let sandbox: VendorSandbox;
  beforeAll(async () => {
    sandbox = await startVendorSandbox({ autoConsent: null });
  });
  afterAll(() => sandbox.close());

  const redirect = 'http://127.0.0.1:9/cb';
  async function authorizeUrl(challenge: string, extra: Record<string, string> = {}) {
    const url = new URL(`${sandbox.baseUrl}/strava/oauth/authorize`);
    const params = { client_id: 'sandbox-strava', redirect_uri: redirect, response_type: 'code', code_challenge: challenge, code_challenge_method: 'S256', state: 'st', scope: 'read', ...extra };
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url;
  }
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${sandbox.baseUrl}${path}`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual', headers });

  it('shows a consent page with Approve and Deny, readable on a phone', async () => {
    const page = await fetch(await authorizeUrl('c'.repeat(43)));
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(html).toContain('name="viewport"');
    expect(html).toMatch(/<button[^>]*value="approve"[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*value="deny"[^>]*>Deny<\/button>/);
    expect(html).toContain('value="st"');
  });

  it('redirects with a code on approve and with error=access_denied on deny, state kept', async () => {
    const url = await authorizeUrl('c'.repeat(43));
    const fields = Object.fromEntries(url.searchParams);
    const approved = await post('/strava/oauth/authorize', { ...fields, user: '777', decision: 'approve' });
    const back = new URL(approved.headers.get('location') ?? '');
    expect(approved.status).toBe(302);
    expect(back.origin + back.pathname).toBe(redirect);
    expect(back.searchParams.get('state')).toBe('st');
    expect(back.searchParams.get('code')).toEqual(expect.any(String));
    expect(back.searchParams.get('scope')).toBe('read');
    const denied = await post('/strava/oauth/authorize', { ...fields, decision: 'deny' });
    expect(Object.fromEntries(new URL(denied.headers.get('location') ?? '').searchParams)).toEqual({ error: 'access_denied', state: 'st' });
  });

  it('refuses an unknown client or a bad redirect_uri on a page, and a missing PKCE challenge by redirect', async () => {
    expect((await fetch(await authorizeUrl('c', { client_id: 'someone' }))).status).toBe(400);
    expect((await fetch(await authorizeUrl('c', { redirect_uri: 'javascript:alert(1)' }))).status).toBe(400);
    const noPkce = await fetch(await authorizeUrl('c', { code_challenge_method: 'plain' }), { redirect: 'manual' });
    expect(new URL(noPkce.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
  });

  it('binds the code to the client secret, the redirect_uri and the PKCE verifier, and spends it on first use', async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const url = await authorizeUrl(await oauth.calculatePKCECodeChallenge(verifier));
    const approved = await post('/strava/oauth/authorize', { ...Object.fromEntries(url.searchParams), user: '778', decision: 'approve' });
    const code = new URL(approved.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const exchange = (form: Record<string, string>) => post('/strava/oauth/token', { grant_type: 'authorization_code', client_id: 'sandbox-strava', client_secret: 'sandbox-strava-secret', code, redirect_uri: redirect, code_verifier: verifier, ...form });
    expect((await exchange({ client_secret: 'wrong' })).status).toBe(401);
    const good = await exchange({});
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ token_type: 'Bearer', expires_in: 21_600, athlete: { id: 778 } });
    expect(await (await exchange({})).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('asks Fitbit\'s clients for HTTP Basic authentication', async () => {
    const answer = await post('/fitbit/oauth2/token', { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'sandbox-fitbit', client_secret: 'sandbox-fitbit-secret' });
    expect(answer.status).toBe(401);
    const basic = `Basic ${Buffer.from('sandbox-fitbit:sandbox-fitbit-secret').toString('base64')}`;
    expect(await (await post('/fitbit/oauth2/token', { grant_type: 'refresh_token', refresh_token: 'x' }, { authorization: basic })).json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers data calls without a valid token with 401, and unknown paths with 404', async () => {
    expect((await fetch(`${sandbox.baseUrl}/strava/api/v3/athlete`)).status).toBe(401);
    expect((await fetch(`${sandbox.baseUrl}/nowhere/`)).status).toBe(404);
  });

  it('lists its vendors and validates its controls', async () => {
    const index = (await (await fetch(`${sandbox.baseUrl}/__sandbox/`)).json()) as { vendors: { slug: string }[] };
    expect(index.vendors.map((v) => v.slug)).toEqual(expect.arrayContaining(['strava', 'fitbit', 'oura']));
    const control = (body: unknown) => fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'POST', body: JSON.stringify(body) });
    expect((await control({ status: 404 })).status).toBe(400);
    expect((await control({ vendor: 'nobody', status: 503 })).status).toBe(400);
    expect((await fetch(`${sandbox.baseUrl}/__sandbox/faults`, { method: 'POST', body: '{' })).status).toBe(400);
    expect((await fetch(`${sandbox.baseUrl}/__sandbox/webhook`, { method: 'POST', body: JSON.stringify({ vendor: 'strava', url: 'file:///etc/passwd' }) })).status).toBe(400);
  });
});

describe('vendor sandbox auto-consent', () => {
  const saved = process.env.SANDBOX_AUTO_CONSENT;
  afterEach(() => {
    if (saved === undefined) delete process.env.SANDBOX_AUTO_CONSENT;
    else process.env.SANDBOX_AUTO_CONSENT = saved;
  });

  it('redirects at once with SANDBOX_AUTO_CONSENT=deny', async () => {
    process.env.SANDBOX_AUTO_CONSENT = 'deny';
    const sandbox = await startVendorSandbox();
    try {
      const url = `${sandbox.baseUrl}/oura/oauth/authorize?client_id=sandbox-oura&redirect_uri=http://127.0.0.1:9/cb&response_type=code&code_challenge=abc&code_challenge_method=S256&state=q`;
      const answer = await fetch(url, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('http://127.0.0.1:9/cb?error=access_denied&state=q');
    } finally {
      await sandbox.close();
    }
  });
});
