import { ProviderError, ProviderErrorKind, VendorNotification, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';
import { isRecord } from '../shared/payload-reading';
import { addDays } from '../shared/vendor-time';
import { hmacMatches, secretEquals } from '../shared/webhook-signature';

/** At most this many notifications are read from one request (Fitbit batches them). */
const MAX_NOTIFICATIONS = 1000;

/**
 * Fitbit's Subscription API. Verification: GET ?verify=<code> answered 204 when the code is the
 * subscriber's verification code (the webhook secret) and 404 otherwise (Fitbit checks both).
 * Notifications: a POST of a JSON array of {collectionType, date, ownerId, ownerType,
 * subscriptionId}, signed in X-Fitbit-Signature: base64(HMAC-SHA1(body, client_secret + "&")).
 * `date` is the person's local date: the window sent covers it in any zone.
 */
export function receiveFitbitWebhook(request: VendorWebhookRequest, clientSecret: string, verificationCode: string | null): VendorWebhookAnswer {
  if (request.method === 'GET') {
    return secretEquals(request.query.verify, verificationCode) ? { kind: 'handshake', status: 204, body: '' } : { kind: 'handshake', status: 404, body: '' };
  }
  if (!hmacMatches('sha1', `${clientSecret}&`, request.rawBody, request.headers['x-fitbit-signature'], 'base64')) {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'fitbit webhook: bad X-Fitbit-Signature');
  }
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'fitbit webhook: the body is not JSON');
  }
  if (!Array.isArray(body)) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'fitbit webhook: the body is not a list of notifications');
  const notifications: VendorNotification[] = [];
  for (const item of body.slice(0, MAX_NOTIFICATIONS)) {
    if (!isRecord(item) || typeof item.ownerId !== 'string') continue;
    if (item.collectionType === 'userRevokedAccess' || item.collectionType === 'deleteUser') {
      notifications.push({ vendorUserId: item.ownerId, from: null, to: null, deauthorized: true });
      continue;
    }
    const date = typeof item.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(item.date) ? item.date : null;
    notifications.push({
      vendorUserId: item.ownerId,
      // Local dates span UTC-12 to UTC+14: the day before to the day after covers every zone.
      from: date ? new Date(`${addDays(date, -1)}T00:00:00Z`) : null,
      to: date ? new Date(`${addDays(date, 2)}T00:00:00Z`) : null,
    });
  }
  return { kind: 'notifications', notifications };
}
