import { DevicePlatform, PushBatchResult, PushMessage, PushSender } from '@strive/domain';
import { FcmSettings } from '../../config/push-sender-config';
import { batchResult, forEachConcurrently, PUSH_CONCURRENCY, PUSH_REQUEST_TIMEOUT_MS, TokenOutcome } from './concurrent-sends';

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** An access token is renewed this long before it expires. */
const RENEW_BEFORE_MS = 60_000;

interface AccessToken {
  readonly value: string;
  readonly expiresAt: number;
}

/**
 * Firebase Cloud Messaging, HTTP v1 API: one `POST {base}/v1/projects/{project}/messages:send`
 * per token, authorised by an OAuth 2.0 access token that the service account obtains with the
 * JWT bearer grant (RFC 7523: an RS256 assertion signed with its key, exchanged at its
 * token_uri). A 404 UNREGISTERED answer is an unregistered token; 429 and 5xx (and no answer)
 * mean the service is unavailable; a 401 renews the access token once.
 */
export class FcmPushSender implements PushSender {
  private cached: AccessToken | null = null;
  private pending: Promise<AccessToken> | null = null;

  constructor(
    private readonly settings: FcmSettings,
    private readonly now: () => number = Date.now,
  ) {}

  async send(platform: DevicePlatform, tokens: readonly string[], message: PushMessage): Promise<PushBatchResult> {
    const outcomes = new Map<string, TokenOutcome>();
    await forEachConcurrently(tokens, PUSH_CONCURRENCY, async (token) => {
      outcomes.set(token, await this.sendOne(platform, token, message));
    });
    return batchResult(tokens, outcomes, 'FCM');
  }

  private async sendOne(platform: DevicePlatform, token: string, message: PushMessage): Promise<TokenOutcome> {
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await fetch(`${this.settings.baseUrl}/v1/projects/${encodeURIComponent(this.settings.projectId)}/messages:send`, {
          method: 'POST',
          headers: { authorization: `Bearer ${await this.token()}`, 'content-type': 'application/json' },
          body: JSON.stringify({ message: fcmMessage(platform, token, message) }),
          signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
        });
      } catch {
        return 'unavailable';
      }
      if (response.ok) {
        await response.body?.cancel();
        return 'sent';
      }
      const error = await response.json().catch(() => null);
      if (response.status === 401 && attempt === 1) {
        this.cached = null; // revoked or expired early: one new token, one more try
        continue;
      }
      if (fcmErrorCode(error) === 'UNREGISTERED') return 'unregistered';
      return response.status === 429 || response.status >= 500 || response.status === 401 ? 'unavailable' : 'failed';
    }
  }

  /** The cached access token, renewed shortly before it expires; concurrent sends wait for one request. */
  private async token(): Promise<string> {
    if (this.cached && this.cached.expiresAt - RENEW_BEFORE_MS > this.now()) return this.cached.value;
    this.pending ??= this.requestToken().finally(() => {
      this.pending = null;
    });
    this.cached = await this.pending;
    return this.cached.value;
  }

  private async requestToken(): Promise<AccessToken> {
    const issuedAt = Math.floor(this.now() / 1000);
    const { importPKCS8, SignJWT } = await import('jose'); // loaded by the first sender that signs, not at start-up
    const key = await importPKCS8(this.settings.privateKey, 'RS256');
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(this.settings.privateKeyId ? { kid: this.settings.privateKeyId } : {}) })
      .setIssuer(this.settings.clientEmail)
      .setAudience(this.settings.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(key);
    const response = await fetch(this.settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: JWT_BEARER, assertion }).toString(),
      signal: AbortSignal.timeout(PUSH_REQUEST_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
    if (!response.ok || typeof body?.access_token !== 'string') throw new Error(`FCM access token refused (HTTP ${response.status})`);
    const lifetime = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return { value: body.access_token, expiresAt: this.now() + lifetime * 1000 };
  }
}

/** The v1 message: a notification block that android and web show, and the data map (strings). */
function fcmMessage(platform: DevicePlatform, token: string, message: PushMessage): Record<string, unknown> {
  const { title, body, data, image } = message.content;
  return {
    token,
    notification: { title, ...(body ? { body } : {}), ...(image ? { image } : {}) },
    ...(Object.keys(data).length > 0 ? { data } : {}),
    // A notification the user sees: delivered at once rather than batched for a sleeping phone.
    ...(platform === 'android' ? { android: { priority: 'high' } } : {}),
  };
}

/** The FCM error code of an error answer (details[].errorCode of the FcmError), if any. */
function fcmErrorCode(body: unknown): string | null {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return null;
  const fcm = details.find((d) => typeof d?.['@type'] === 'string' && d['@type'].endsWith('google.firebase.fcm.v1.FcmError'));
  return typeof fcm?.errorCode === 'string' ? fcm.errorCode : null;
}
