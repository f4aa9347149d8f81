import { jwtVerify } from 'jose';
import { generateKeyPairSync, KeyObject, randomUUID } from 'node:crypto';
import { createServer, Http2Server, IncomingHttpHeaders, ServerHttp2Session, ServerHttp2Stream } from 'node:http2';
import { AddressInfo } from 'node:net';

export interface ApnsReceived {
  readonly token: string;
  readonly headers: IncomingHttpHeaders;
  readonly payload: Record<string, unknown>;
}

const PUSH_TYPES = new Set(['alert', 'background', 'location', 'voip', 'complication', 'fileprovider', 'mdm', 'liveactivity', 'pushtotalk']);

/**
 * A local APNs provider API over HTTP/2 (cleartext), checking what Apple checks: the path
 * /3/device/{hex token}, the ES256 provider token (signature with the key, kid, iss, iat not
 * older than an hour), apns-topic, apns-push-type, a JSON payload with `aps` of at most 4 KB.
 * It answers Apple's shapes: 200 with apns-id, 410 {reason: Unregistered, timestamp},
 * 400 {reason: BadDeviceToken | BadTopic | ...}, 403 {reason: InvalidProviderToken | ...}.
 */
export class FakeApnsServer {
  readonly keyId = 'ABC123DEFG';
  readonly teamId = 'TEAM123456';
  readonly topic = 'com.example.strive';
  /** Tokens answered 410 Unregistered. */
  readonly unregistered = new Set<string>();
  /** Tokens answered 400 BadDeviceToken. */
  readonly badTokens = new Set<string>();
  readonly received: ApnsReceived[] = [];
  readonly refusals: string[] = [];
  readonly privateKeyPem: string;
  private readonly expired = new Set<string>();
  private readonly publicKey: KeyObject;
  private port = 0;
  private readonly sessions = new Set<ServerHttp2Session>();

  private constructor(private readonly server: Http2Server) {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.publicKey = publicKey;
    this.privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  }

  static async start(): Promise<FakeApnsServer> {
    let fake: FakeApnsServer | null = null;
    const server = createServer();
    server.on('stream', (stream, headers) => void fake?.handle(stream, headers));
    server.on('session', (session) => {
      fake?.sessions.add(session);
      session.on('close', () => fake?.sessions.delete(session));
    });
    fake = new FakeApnsServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.port = (server.address() as AddressInfo).port;
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Provider tokens in use so far are answered 403 ExpiredProviderToken from now on. */
  expireProviderTokens(tokens: readonly string[]): void {
    for (const token of tokens) this.expired.add(token);
  }

  /** Stops, closing the connections clients still hold open (HTTP/2 sessions outlive their requests). */
  close(): Promise<void> {
    for (const session of this.sessions) session.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(stream: ServerHttp2Stream, headers: IncomingHttpHeaders): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const token = /^\/3\/device\/([0-9a-fA-F]+)$/.exec(String(headers[':path']))?.[1];
    if (headers[':method'] !== 'POST') return this.refuse(stream, 405, 'MethodNotAllowed');
    if (!token) return this.refuse(stream, 404, 'BadPath');
    const bearer = /^bearer (.+)$/.exec(String(headers.authorization ?? ''))?.[1];
    if (!bearer) return this.refuse(stream, 403, 'MissingProviderToken');
    if (this.expired.has(bearer)) return this.refuse(stream, 403, 'ExpiredProviderToken');
    try {
      const { protectedHeader, payload } = await jwtVerify(bearer, this.publicKey, { algorithms: ['ES256'], issuer: this.teamId, maxTokenAge: '1h' });
      if (protectedHeader.kid !== this.keyId || typeof payload.iat !== 'number') return this.refuse(stream, 403, 'InvalidProviderToken');
    } catch {
      return this.refuse(stream, 403, 'InvalidProviderToken');
    }
    if (!headers['apns-topic']) return this.refuse(stream, 400, 'MissingTopic');
    if (headers['apns-topic'] !== this.topic) return this.refuse(stream, 400, 'BadTopic');
    if (!PUSH_TYPES.has(String(headers['apns-push-type']))) return this.refuse(stream, 400, 'InvalidPushType');
    if (body.length === 0) return this.refuse(stream, 400, 'PayloadEmpty');
    if (body.length > 4096) return this.refuse(stream, 413, 'PayloadTooLarge');
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      return this.refuse(stream, 400, 'BadMessageId');
    }
    if (typeof payload.aps !== 'object' || payload.aps === null) return this.refuse(stream, 400, 'PayloadEmpty');
    if (this.badTokens.has(token)) return this.refuse(stream, 400, 'BadDeviceToken');
    if (this.unregistered.has(token)) return this.refuse(stream, 410, 'Unregistered', { timestamp: Date.now() });
    this.received.push({ token, headers, payload });
    stream.respond({ ':status': 200, 'apns-id': randomUUID().toUpperCase() });
    stream.end();
  }

  private refuse(stream: ServerHttp2Stream, status: number, reason: string, extra: Record<string, unknown> = {}): void {
    this.refusals.push(`${status} ${reason}`);
    stream.respond({ ':status': status, 'content-type': 'application/json', 'apns-id': randomUUID().toUpperCase() });
    stream.end(JSON.stringify({ reason, ...extra }));
  }
}
