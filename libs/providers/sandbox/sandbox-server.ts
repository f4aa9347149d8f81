import { createHash, randomBytes } from 'node:crypto';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { consentPage, errorPage } from './consent-page';
import { SandboxGrant, SandboxUser, SandboxVendor, SandboxWebhookEvent } from './sandbox-vendor';

export type AutoConsent = 'approve' | 'deny' | null;

export interface VendorSandboxOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: an ephemeral port. */
  readonly port?: number;
  /** Skip the consent page with this answer; default from SANDBOX_AUTO_CONSENT, else the page is shown. */
  readonly autoConsent?: AutoConsent;
  /** Lifetime of access tokens; default each vendor's own (Strava 6 h, Fitbit 8 h, Oura 1 day). */
  readonly tokenLifetimeSeconds?: number;
}

export interface VendorSandbox {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly baseUrl: string;
  close(): Promise<void>;
}

interface Grant extends SandboxGrant {
  readonly id: string;
  revoked: boolean;
}

interface Code {
  readonly grant: Omit<SandboxGrant, 'id'>;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly challenge: string;
  readonly expiresAt: number;
}

interface Fault {
  readonly vendor: string | null;
  readonly scope: 'data' | 'token';
  readonly status: number;
  readonly retryAfter: number;
  remaining: number;
}

interface Counters {
  authorizations: number;
  refreshes: number;
  dataCalls: number;
  revocations: number;
}

const CODE_LIFETIME_MS = 60_000;
const MAX_BODY_BYTES = 64 * 1024;
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

class BadRequest extends Error {}

function token(): string {
  return randomBytes(24).toString('base64url');
}

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function formDecode(text: string): string {
  return decodeURIComponent(text.replace(/\+/g, ' '));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BadRequest('body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(text);
}

/**
 * The sandbox's state and request handling: one OAuth authorization server shared by every
 * vendor (single-use codes bound to client, redirect_uri and the PKCE S256 challenge; rotating
 * refresh tokens; revocation), each vendor's data API, and the /__sandbox/ test controls.
 */
class Sandbox {
  private readonly codes = new Map<string, Code>();
  private readonly grants = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, { grantId: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, string>();
  private readonly counters = new Map<string, Counters>();
  private faults: Fault[] = [];
  private userSequence = 0;

  constructor(
    private readonly vendors: ReadonlyMap<string, SandboxVendor>,
    private autoConsent: AutoConsent,
    private readonly tokenLifetimeSeconds: number | undefined,
  ) {}

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const [, first = '', ...rest] = url.pathname.split('/');
    const path = `/${rest.join('/')}`;
    if (first === '__sandbox') return this.control(request, response, path, url);
    const vendor = this.vendors.get(first);
    if (!vendor) return send(response, 404, { message: 'not found' });
    if (path === vendor.authorizePath) return this.authorize(vendor, request, response, url);
    if (path === vendor.tokenPath && request.method === 'POST') return this.token(vendor, request, response);
    if (path === vendor.revokePath && request.method === 'POST') return this.revoke(vendor, request, response, url);
    return this.data(vendor, request, response, path, url);
  }

  private counter(vendor: string, userId: string): Counters {
    const key = `${vendor}|${userId}`;
    let counters = this.counters.get(key);
    if (!counters) this.counters.set(key, (counters = { authorizations: 0, refreshes: 0, dataCalls: 0, revocations: 0 }));
    return counters;
  }

  private takeFault(vendor: string, scope: 'data' | 'token'): Fault | null {
    const fault = this.faults.find((f) => f.scope === scope && (f.vendor === null || f.vendor === vendor) && f.remaining > 0);
    if (!fault) return null;
    fault.remaining -= 1;
    this.faults = this.faults.filter((f) => f.remaining > 0);
    return fault;
  }

  private answerFault(vendor: SandboxVendor, fault: Fault, response: ServerResponse): void {
    if (fault.status === 429) return send(response, 429, { message: 'Rate Limit Exceeded' }, vendor.rateLimitHeaders(fault.retryAfter));
    send(response, fault.status, { message: 'Service Unavailable' }, fault.retryAfter > 0 ? { 'retry-after': String(fault.retryAfter) } : {});
  }

  // --- authorization endpoint and consent page -------------------------------------------

  private async authorize(vendor: SandboxVendor, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const parameters = request.method === 'POST' ? new URLSearchParams(await readBody(request)) : url.searchParams;
    const redirectUri = parameters.get('redirect_uri') ?? '';
    let redirect: URL;
    try {
      redirect = new URL(redirectUri);
      if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') throw new Error();
    } catch {
      return send(response, 400, errorPage('redirect_uri must be an absolute http(s) URL.'));
    }
    if (parameters.get('client_id') !== vendor.credentials.clientId) return send(response, 400, errorPage(`Unknown client_id; the sandbox client of ${vendor.slug} is ${vendor.credentials.clientId}.`));
    const state = parameters.get('state');
    const back = (values: Record<string, string>) => {
      for (const [key, value] of Object.entries(values)) redirect.searchParams.set(key, value);
      if (state !== null) redirect.searchParams.set('state', state);
      response.writeHead(302, { location: redirect.toString(), 'cache-control': 'no-store' });
      response.end();
    };
    if (parameters.get('response_type') !== 'code') return back({ error: 'unsupported_response_type' });
    const challenge = parameters.get('code_challenge');
    if (!challenge || parameters.get('code_challenge_method') !== 'S256') {
      return back({ error: 'invalid_request', error_description: 'PKCE with code_challenge_method=S256 is required' });
    }
    const decision = request.method === 'POST' ? parameters.get('decision') : this.autoConsent;
    const hint = parameters.get('user') ?? parameters.get('login_hint');
    if (!decision) {
      const fields = Object.fromEntries([...parameters].filter(([key]) => key !== 'user' && key !== 'decision'));
      // Every page suggests a fresh user, so two people trying the sandbox do not share one.
      return send(response, 200, consentPage(vendor.slug, fields, hint && USER_ID.test(hint) ? hint : vendor.newUserId(++this.userSequence)));
    }
    if (decision !== 'approve') return back({ error: 'access_denied' });
    let userId: string;
    if (hint && USER_ID.test(hint)) userId = hint;
    else userId = vendor.newUserId(++this.userSequence);
    const grant = { user: { vendor: vendor.slug, id: userId }, scope: parameters.get('scope') ?? '' };
    const now = Date.now();
    for (const [key, code] of this.codes) if (code.expiresAt < now) this.codes.delete(key);
    const code = token();
    this.codes.set(code, { grant, clientId: vendor.credentials.clientId, redirectUri, challenge, expiresAt: now + CODE_LIFETIME_MS });
    this.counter(vendor.slug, userId).authorizations += 1;
    back({ code, ...vendor.callbackParameters?.({ ...grant }) });
  }

  // --- token endpoint --------------------------------------------------------------------

  private authenticateClient(vendor: SandboxVendor, request: IncomingMessage, form: URLSearchParams): boolean {
    const { clientId, clientSecret } = vendor.credentials;
    if (vendor.clientAuthentication === 'basic') {
      const header = request.headers.authorization ?? '';
      if (!header.startsWith('Basic ')) return false;
      const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      return colon > 0 && formDecode(decoded.slice(0, colon)) === clientId && formDecode(decoded.slice(colon + 1)) === clientSecret;
    }
    return form.get('client_id') === clientId && form.get('client_secret') === clientSecret;
  }

  private async token(vendor: SandboxVendor, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    const fault = this.takeFault(vendor.slug, 'token');
    if (fault) return this.answerFault(vendor, fault, response);
    if (!this.authenticateClient(vendor, request, form)) return send(response, 401, { error: 'invalid_client' });
    const refused = (description: string) => send(response, 400, { error: 'invalid_grant', error_description: description });
    const grantType = form.get('grant_type');
    let grant: Grant;
    if (grantType === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      // Single use: a code is gone after its first use, right or wrong.
      this.codes.delete(form.get('code') ?? '');
      if (!code || code.expiresAt < Date.now()) return refused('unknown, used or expired code');
      if (code.clientId !== vendor.credentials.clientId || code.redirectUri !== form.get('redirect_uri')) return refused('code issued to another client or redirect_uri');
      const verifier = form.get('code_verifier');
      if (!verifier || s256(verifier) !== code.challenge) return refused('PKCE verification failed');
      grant = { ...code.grant, id: token(), revoked: false };
      this.grants.set(grant.id, grant);
    } else if (grantType === 'refresh_token') {
      const presented = form.get('refresh_token') ?? '';
      const grantId = this.refreshTokens.get(presented);
      const found = grantId === undefined ? undefined : this.grants.get(grantId);
      if (!found || found.revoked) return refused('refresh token revoked or unknown');
      this.refreshTokens.delete(presented);
      grant = found;
      this.counter(vendor.slug, grant.user.id).refreshes += 1;
    } else {
      return send(response, 400, { error: 'unsupported_grant_type' });
    }
    const lifetime = this.tokenLifetimeSeconds ?? vendor.accessTokenLifetimeSeconds;
    const expiresAt = new Date(Date.now() + lifetime * 1000);
    const accessToken = token();
    const refreshToken = token();
    this.accessTokens.set(accessToken, { grantId: grant.id, expiresAt: expiresAt.getTime() });
    this.refreshTokens.set(refreshToken, grant.id);
    send(response, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: lifetime,
      refresh_token: refreshToken,
      ...vendor.tokenFields(grant, grantType, expiresAt),
    });
  }

  private async revoke(vendor: SandboxVendor, request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const form = new URLSearchParams(await readBody(request));
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const presented = form.get('token') ?? form.get('access_token') ?? url.searchParams.get('access_token') ?? bearer ?? '';
    const grantId = this.accessTokens.get(presented)?.grantId ?? this.refreshTokens.get(presented);
    const grant = grantId === undefined ? undefined : this.grants.get(grantId);
    // RFC 7009: an unknown token is not an error.
    if (grant && grant.user.vendor === vendor.slug) {
      grant.revoked = true;
      this.counter(vendor.slug, grant.user.id).revocations += 1;
    }
    send(response, 200, {});
  }

  // --- data API ----------------------------------------------------------------------------

  private async data(vendor: SandboxVendor, request: IncomingMessage, response: ServerResponse, path: string, url: URL): Promise<void> {
    await readBody(request);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const access = this.accessTokens.get(bearer);
    const grant = access ? this.grants.get(access.grantId) : undefined;
    if (!access || !grant || grant.revoked || access.expiresAt < Date.now() || grant.user.vendor !== vendor.slug) {
      return send(response, 401, vendor.unauthorizedBody());
    }
    this.counter(vendor.slug, grant.user.id).dataCalls += 1;
    const fault = this.takeFault(vendor.slug, 'data');
    if (fault) return this.answerFault(vendor, fault, response);
    const answer = vendor.data({ method: request.method ?? 'GET', path, query: url.searchParams, user: grant.user, now: new Date() });
    if (!answer) return send(response, 404, { message: 'Resource Not Found' });
    send(response, answer.status, answer.body, answer.headers);
  }

  // --- test controls -------------------------------------------------------------------------

  private async control(request: IncomingMessage, response: ServerResponse, path: string, url: URL): Promise<void> {
    const text = await readBody(request);
    let body: Record<string, unknown> = {};
    if (text.trim() !== '') {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BadRequest('body must be a JSON object');
      body = parsed as Record<string, unknown>;
    }
    const vendorOf = (value: unknown): SandboxVendor => {
      const vendor = typeof value === 'string' ? this.vendors.get(value) : undefined;
      if (!vendor) throw new BadRequest(`vendor must be one of ${[...this.vendors.keys()].join(', ')}`);
      return vendor;
    };
    const userOf = (value: unknown): string => {
      if (typeof value !== 'string' || !USER_ID.test(value)) throw new BadRequest('user must be a sandbox user id');
      return value;
    };
    const count = (value: unknown, fallback: number, max: number): number => {
      if (value === undefined) return fallback;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) throw new BadRequest(`a count from 0 to ${max} is expected`);
      return value;
    };
    const route = `${request.method} ${path}`;
    switch (route) {
      case 'GET /':
        return send(response, 200, {
          vendors: [...this.vendors.values()].map((v) => ({ slug: v.slug, client_id: v.credentials.clientId, client_secret: v.credentials.clientSecret, webhook_secret: v.credentials.webhookSecret })),
          auto_consent: this.autoConsent,
        });
      case 'POST /faults': {
        const status = count(body.status, 503, 599);
        if (status !== 429 && status < 500) throw new BadRequest('status must be 429 or 5xx');
        const scope = body.scope === 'token' ? 'token' : 'data';
        this.faults.push({
          vendor: body.vendor === undefined ? null : vendorOf(body.vendor).slug,
          scope,
          status,
          retryAfter: count(body.retry_after, status === 429 ? 30 : 0, 86_400),
          remaining: count(body.count, 1, 1000),
        });
        return send(response, 200, { faults: this.faults.length });
      }
      case 'POST /reset':
        this.faults = [];
        return send(response, 200, {});
      case 'POST /auto-consent':
        if (body.mode !== 'approve' && body.mode !== 'deny' && body.mode !== null) throw new BadRequest('mode must be approve, deny or null');
        this.autoConsent = body.mode;
        return send(response, 200, { auto_consent: this.autoConsent });
      case 'POST /revoke':
      case 'POST /expire': {
        const vendor = vendorOf(body.vendor);
        const userId = userOf(body.user);
        let affected = 0;
        for (const grant of this.grants.values()) {
          if (grant.user.vendor !== vendor.slug || grant.user.id !== userId) continue;
          affected += 1;
          if (route === 'POST /revoke') grant.revoked = true;
          else for (const access of this.accessTokens.values()) if (access.grantId === grant.id) access.expiresAt = 0;
        }
        return send(response, 200, { grants: affected });
      }
      case 'GET /stats': {
        const vendor = vendorOf(url.searchParams.get('vendor'));
        const userId = userOf(url.searchParams.get('user'));
        const counters = this.counter(vendor.slug, userId);
        const grants = [...this.grants.values()].filter((g) => g.user.vendor === vendor.slug && g.user.id === userId);
        return send(response, 200, {
          authorizations: counters.authorizations,
          refreshes: counters.refreshes,
          data_calls: counters.dataCalls,
          revocations: counters.revocations,
          active_grants: grants.filter((g) => !g.revoked).length,
        });
      }
      case 'POST /webhook':
        return this.sendWebhook(vendorOf(body.vendor), body, userOf, response);
      default:
        return send(response, 404, { message: 'unknown control' });
    }
  }

  private async sendWebhook(vendor: SandboxVendor, body: Record<string, unknown>, userOf: (value: unknown) => string, response: ServerResponse): Promise<void> {
    if (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)) throw new BadRequest('url must be an http(s) URL');
    const kind = body.kind ?? 'data';
    if (kind !== 'handshake' && kind !== 'data' && kind !== 'deauthorization') throw new BadRequest('kind must be handshake, data or deauthorization');
    const event: SandboxWebhookEvent = {
      kind,
      user: kind === 'handshake' ? undefined : ({ vendor: vendor.slug, id: userOf(body.user) } satisfies SandboxUser),
      date: typeof body.date === 'string' ? body.date : undefined,
    };
    const outgoing = vendor.webhook(event, new Date());
    const target = new URL(body.url);
    for (const [key, value] of Object.entries(outgoing.query ?? {})) target.searchParams.set(key, value);
    try {
      const answer = await fetch(target, { method: outgoing.method, headers: outgoing.headers, body: outgoing.body, signal: AbortSignal.timeout(10_000) });
      const text = await answer.text();
      send(response, 200, { status: answer.status, body: text, ...(outgoing.accepts ? { accepted: outgoing.accepts(answer.status, text) } : {}) });
    } catch (error) {
      send(response, 502, { message: `the subscriber did not answer (${(error as Error).name})` });
    }
  }
}

export async function startSandboxServer(vendors: readonly SandboxVendor[], options: VendorSandboxOptions): Promise<VendorSandbox> {
  const envConsent = process.env.SANDBOX_AUTO_CONSENT;
  const autoConsent = options.autoConsent !== undefined ? options.autoConsent : envConsent === 'approve' || envConsent === 'deny' ? envConsent : null;
  const sandbox = new Sandbox(new Map(vendors.map((v) => [v.slug, v])), autoConsent, options.tokenLifetimeSeconds);
  const server = createServer((request, response) => {
    sandbox.handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return response.destroy();
      const message = error instanceof BadRequest || error instanceof SyntaxError ? error.message : 'sandbox error';
      send(response, error instanceof BadRequest || error instanceof SyntaxError ? 400 : 500, { message });
    });
  });
  // Clients keep connections alive; closing must not wait for them.
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    baseUrl: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
