import { jwtVerify } from 'jose';
import { generateKeyPairSync, KeyObject } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface FcmReceived {
  readonly token: string;
  readonly message: Record<string, unknown>;
}

const MESSAGE_FIELDS = new Set(['token', 'notification', 'data', 'android', 'apns', 'webpush', 'fcm_options', 'name']);
const NOTIFICATION_FIELDS = new Set(['title', 'body', 'image']);

/**
 * A local FCM HTTP v1 service and its OAuth token endpoint, checking what the real ones check:
 * the service account's RS256 assertion (signature, iss, aud, scope, lifetime) at /token, the
 * bearer it issued, the project path and the v1 message shape at messages:send. It answers the
 * real shapes: 200 {name}, 404 NOT_FOUND with the FcmError UNREGISTERED, 400 INVALID_ARGUMENT,
 * 401 UNAUTHENTICATED, 503 UNAVAILABLE.
 */
export class FakeFcmServer {
  readonly projectId = 'strive-fake';
  readonly clientEmail = 'push@strive-fake.iam.gserviceaccount.com';
  readonly privateKeyId = 'key-1';
  /** Tokens answered 404 UNREGISTERED. */
  readonly unregistered = new Set<string>();
  /** Every message accepted. */
  readonly received: FcmReceived[] = [];
  /** Every refusal, with why (a test that expects none sees what went wrong). */
  readonly refusals: string[] = [];
  tokenRequests = 0;
  /** Answer 503 to every send. */
  unavailable = false;
  /** Once this many messages were accepted, answer 503 to every further send (null: no limit). */
  acceptAtMost: number | null = null;
  private readonly issued = new Set<string>();
  private readonly publicKey: KeyObject;
  private readonly privateKeyPem: string;
  private port = 0;

  private constructor(private readonly server: Server) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.publicKey = publicKey;
    this.privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  static async start(): Promise<FakeFcmServer> {
    let fake: FakeFcmServer | null = null;
    const server = createServer((request, response) => void fake?.handle(request, response));
    fake = new FakeFcmServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.port = (server.address() as AddressInfo).port;
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The service account key file, as the Firebase console downloads it (token_uri pointing here). */
  get serviceAccount(): Record<string, string> {
    return {
      type: 'service_account', project_id: this.projectId, private_key_id: this.privateKeyId, private_key: this.privateKeyPem,
      client_email: this.clientEmail, client_id: '1', token_uri: `${this.baseUrl}/token`,
    };
  }

  /** Every access token issued so far is refused from now on (401), as after a key rotation. */
  revokeAccessTokens(): void {
    this.issued.clear();
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (request.method === 'POST' && request.url === '/token') return this.token(request, body, response);
    if (request.method === 'POST' && request.url === `/v1/projects/${this.projectId}/messages:send`) return this.send(request, body, response);
    this.refuse(response, 404, 'NOT_FOUND', `no such path ${request.method} ${request.url}`);
  }

  private async token(request: IncomingMessage, body: string, response: ServerResponse): Promise<void> {
    const form = new URLSearchParams(body);
    const oauthError = (description: string) => {
      this.refusals.push(`token: ${description}`);
      response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_grant', error_description: description }));
    };
    if (!String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return oauthError('not a form');
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return oauthError('unsupported grant_type');
    try {
      const { payload, protectedHeader } = await jwtVerify(form.get('assertion') ?? '', this.publicKey, {
        algorithms: ['RS256'], issuer: this.clientEmail, audience: `${this.baseUrl}/token`,
      });
      if (protectedHeader.kid !== this.privateKeyId) return oauthError('unknown kid');
      if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging') return oauthError('wrong scope');
      if (typeof payload.iat !== 'number' || typeof payload.exp !== 'number' || payload.exp - payload.iat > 3600) return oauthError('Invalid JWT: lifetime');
    } catch (error) {
      return oauthError(`Invalid JWT Signature: ${(error as Error).message}`);
    }
    this.tokenRequests++;
    const accessToken = `ya29.fake-${this.tokenRequests}-${Math.random().toString(36).slice(2)}`;
    this.issued.add(accessToken);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: accessToken, expires_in: 3599, token_type: 'Bearer' }));
  }

  private send(request: IncomingMessage, body: string, response: ServerResponse): void {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !this.issued.has(bearer)) return this.refuse(response, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    if (this.unavailable || (this.acceptAtMost !== null && this.received.length >= this.acceptAtMost)) {
      return this.refuse(response, 503, 'UNAVAILABLE', 'The service is currently unavailable.');
    }
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(body).message;
    } catch {
      return this.refuse(response, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const problem = messageProblem(message);
    if (problem) return this.refuse(response, 400, 'INVALID_ARGUMENT', problem, 'INVALID_ARGUMENT');
    const token = message.token as string;
    if (this.unregistered.has(token)) return this.refuse(response, 404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
    this.received.push({ token, message });
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: `projects/${this.projectId}/messages/${this.received.length}` }));
  }

  private refuse(response: ServerResponse, code: number, status: string, message: string, errorCode?: string): void {
    this.refusals.push(`${code} ${status}${errorCode ? ` ${errorCode}` : ''}: ${message}`);
    const details = errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : undefined;
    response.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify({ error: { code, message, status, ...(details ? { details } : {}) } }));
  }
}

/** What FCM refuses in a v1 message: unknown fields, a missing token, non-string data values. */
function messageProblem(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return 'message is required';
  const m = message as Record<string, unknown>;
  const unknown = Object.keys(m).find((key) => !MESSAGE_FIELDS.has(key));
  if (unknown) return `Invalid JSON payload received. Unknown name "${unknown}" at 'message'`;
  if (typeof m.token !== 'string' || m.token.length === 0) return 'The registration token is not a valid FCM registration token';
  if (m.notification !== undefined) {
    const n = m.notification as Record<string, unknown>;
    const bad = Object.keys(n).find((key) => !NOTIFICATION_FIELDS.has(key) || typeof n[key] !== 'string');
    if (bad) return `Invalid value at 'message.notification.${bad}'`;
  }
  if (m.data !== undefined) {
    const bad = Object.entries(m.data as Record<string, unknown>).find(([, value]) => typeof value !== 'string');
    if (bad) return `Invalid value at 'message.data[0].value' (${bad[0]})`;
  }
  return null;
}
