import { ProviderError, ProviderErrorKind, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';
import { isRecord } from '../shared/payload-reading';
import { hmacMatches } from '../shared/webhook-signature';

/**
 * WHOOP webhooks (v2): a JSON body `{user_id, id, type, trace_id}` ("workout.updated",
 * "sleep.deleted", "recovery.updated", ...) signed in `X-WHOOP-Signature`: the base64
 * HMAC-SHA256 of `X-WHOOP-Signature-Timestamp` (milliseconds) followed by the raw body, keyed
 * with the app's client secret. A signature older than MAX_AGE_MS is refused (a replay).
 */
const MAX_AGE_MS = 60 * 60 * 1000;

export function receiveWhoopWebhook(request: VendorWebhookRequest, clientSecret: string, now = Date.now()): VendorWebhookAnswer {
  if (request.method !== 'POST') throw new ProviderError(ProviderErrorKind.InvalidResponse, 'WHOOP webhooks are POST requests');
  const timestamp = request.headers['x-whoop-signature-timestamp']?.trim() ?? '';
  const signature = request.headers['x-whoop-signature']?.trim();
  const fresh = /^\d{1,15}$/.test(timestamp) && Math.abs(now - Number(timestamp)) <= MAX_AGE_MS;
  if (!fresh || !hmacMatches('sha256', clientSecret, timestamp + request.rawBody, signature, 'base64')) {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'WHOOP webhook signature does not match or is stale');
  }
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'WHOOP webhook body is not JSON');
  }
  const userId = isRecord(body) ? body.user_id : undefined;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId)) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'WHOOP webhook names no user');
  // The event names an item, not a window: the sync reads since its last run.
  return { kind: 'notifications', notifications: [{ vendorUserId: String(userId), from: null, to: null }] };
}
