import { ProviderError, ProviderErrorKind, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';
import { isRecord, stringOrNull } from '../shared/payload-reading';
import { hmacMatches, secretEquals } from '../shared/webhook-signature';

const DAY_MS = 86_400_000;

/**
 * Oura's webhook subscriptions. Verification: when a subscription is created Oura GETs the
 * callback with verification_token (the one given when subscribing: the webhook secret) and
 * challenge, and expects 200 {"challenge": ...}. Events: POSTs of {event_type, data_type,
 * object_id, event_time, user_id} with x-oura-timestamp and x-oura-signature, the upper-case hex
 * HMAC-SHA256 of timestamp + body under the client secret. An event names a document, not its
 * day: the window sent is the two days before the event to the day after.
 */
export function receiveOuraWebhook(request: VendorWebhookRequest, clientSecret: string, verificationToken: string | null): VendorWebhookAnswer {
  if (request.method === 'GET') {
    const challenge = request.query.challenge;
    return challenge && secretEquals(request.query.verification_token, verificationToken)
      ? { kind: 'handshake', status: 200, body: { challenge } }
      : { kind: 'handshake', status: 401, body: { message: 'verification token mismatch' } };
  }
  const timestamp = request.headers['x-oura-timestamp'] ?? '';
  if (!hmacMatches('sha256', clientSecret, timestamp + request.rawBody, request.headers['x-oura-signature'], 'hex')) {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'oura webhook: bad x-oura-signature');
  }
  let event: unknown;
  try {
    event = JSON.parse(request.rawBody);
  } catch {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'oura webhook: the body is not JSON');
  }
  const user = isRecord(event) ? stringOrNull(event.user_id) : null;
  if (!isRecord(event) || user === null) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'oura webhook: the event has no user_id');
  const at = typeof event.event_time === 'string' ? Date.parse(event.event_time) : NaN;
  return {
    kind: 'notifications',
    notifications: [{
      vendorUserId: user,
      from: Number.isNaN(at) ? null : new Date(Math.floor(at / DAY_MS) * DAY_MS - 2 * DAY_MS),
      to: Number.isNaN(at) ? null : new Date(Math.floor(at / DAY_MS) * DAY_MS + 2 * DAY_MS),
    }],
  };
}
