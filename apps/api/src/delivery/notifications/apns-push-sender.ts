import { DevicePlatform, PushBatchResult, PushMessage, PushSender } from '@strive/domain';
import { ClientHttp2Session, connect, constants } from 'node:http2';
import { ApnsSettings } from '../../config/push-sender-config';
import { batchResult, forEachConcurrently, PUSH_CONCURRENCY, PUSH_REQUEST_TIMEOUT_MS, TokenOutcome } from './concurrent-sends';

/** Apple accepts a provider token for an hour and refuses renewals more often than every 20 minutes. */
const PROVIDER_TOKEN_LIFETIME_MS = 40 * 60_000;

interface ApnsAnswer {
  readonly status: number;
  readonly reason: string | null;
}

/**
 * Apple Push Notification service over HTTP/2 with token-based authentication: one
 * `POST /3/device/{token}` per device on one shared connection, with an ES256 provider token
 * (kid: key id, iss: team id) renewed every 40 minutes, `apns-topic` (the bundle id) and
 * `apns-push-type: alert`. Only 410 Unregistered removes the device: BadDeviceToken and
 * DeviceTokenNotForTopic are also what a sandbox/production or topic mix-up answers for every
 * token, so they count as failed and keep it; 429, 5xx and no answer mean the service is
 * unavailable; 403 ExpiredProviderToken renews the provider token once.
 */
export class ApnsPushSender implements PushSender {
  private session: ClientHttp2Session | null = null;
  private providerToken: { readonly value: string; readonly issuedAt: number } | null = null;
  private signing: Promise<{ readonly value: string; readonly issuedAt: number }> | null = null;

  constructor(private readonly settings: ApnsSettings) {}

  async send(_platform: DevicePlatform, tokens: readonly string[], message: PushMessage): Promise<PushBatchResult> {
    const outcomes = new Map<string, TokenOutcome>();
    const payload = JSON.stringify(apnsPayload(message));
    await forEachConcurrently(tokens, PUSH_CONCURRENCY, async (token) => {
      outcomes.set(token, await this.sendOne(token, payload, message.notificationId));
    });
    return batchResult(tokens, outcomes, 'APNs');
  }

  /** Closes the connection (the host shuts down). */
  close(): void {
    this.session?.close();
    this.session = null;
  }

  private async sendOne(token: string, payload: string, collapseId: string): Promise<TokenOutcome> {
    for (let attempt = 1; ; attempt++) {
      let answer: ApnsAnswer;
      try {
        answer = await this.post(token, payload, await this.bearer(), collapseId);
      } catch {
        return 'unavailable';
      }
      if (answer.status === 200) return 'sent';
      if (answer.status === 403 && answer.reason === 'ExpiredProviderToken' && attempt === 1) {
        this.providerToken = null;
        continue;
      }
      if (answer.status === 410) return 'unregistered';
      return answer.status === 429 || answer.status >= 500 || answer.status === 403 ? 'unavailable' : 'failed';
    }
  }

  private post(token: string, payload: string, bearer: string, collapseId: string): Promise<ApnsAnswer> {
    return new Promise((resolve, reject) => {
      const request = this.connection().request({
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: `/3/device/${token}`,
        authorization: `bearer ${bearer}`,
        'apns-topic': this.settings.topic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        // The notification's id: a device shows one notification of a fan-out even if a batch is retried.
        'apns-collapse-id': collapseId,
        'content-type': 'application/json',
      });
      request.setTimeout(PUSH_REQUEST_TIMEOUT_MS, () => request.close(constants.NGHTTP2_CANCEL));
      let status = 0;
      const chunks: Buffer[] = [];
      request.on('response', (headers) => {
        status = Number(headers[constants.HTTP2_HEADER_STATUS]);
      });
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (status === 0) return reject(new Error('APNs closed the stream without an answer'));
        let reason: string | null = null;
        try {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (typeof body?.reason === 'string') reason = body.reason;
        } catch {
          // a 200 has no body
        }
        resolve({ status, reason });
      });
      request.on('error', reject);
      // Closed without an end (the timeout cancelled it): no answer. After an end this changes nothing.
      request.on('close', () => reject(new Error('APNs stream closed without an answer')));
      request.end(payload);
    });
  }

  /** The shared HTTP/2 connection, opened again after it closed or failed. */
  private connection(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = connect(this.settings.baseUrl);
    session.on('error', () => undefined); // each stream reports its own failure
    session.on('close', () => {
      if (this.session === session) this.session = null;
    });
    session.unref();
    this.session = session;
    return session;
  }

  /** The provider token, signed again every 40 minutes; concurrent sends wait for one signature (Apple refuses frequent renewals). */
  private async bearer(): Promise<string> {
    if (this.providerToken && Date.now() - this.providerToken.issuedAt < PROVIDER_TOKEN_LIFETIME_MS) return this.providerToken.value;
    this.signing ??= this.sign().finally(() => {
      this.signing = null;
    });
    this.providerToken = await this.signing;
    return this.providerToken.value;
  }

  private async sign(): Promise<{ readonly value: string; readonly issuedAt: number }> {
    const issuedAt = Date.now();
    const { importPKCS8, SignJWT } = await import('jose'); // loaded by the first sender that signs, not at start-up
    const key = await importPKCS8(this.settings.privateKey, 'ES256');
    const value = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: this.settings.keyId })
      .setIssuer(this.settings.teamId)
      .setIssuedAt(Math.floor(issuedAt / 1000))
      .sign(key);
    return { value, issuedAt };
  }
}

/** The APNs payload: the alert in `aps`, the image (for a notification service extension) and the data beside it (the app's own keys win). */
function apnsPayload(message: PushMessage): Record<string, unknown> {
  const { title, body, data, image } = message.content;
  return {
    aps: { alert: { title, ...(body ? { body } : {}) }, sound: 'default', ...(image ? { 'mutable-content': 1 } : {}) },
    ...(image ? { image } : {}),
    ...data,
  };
}
