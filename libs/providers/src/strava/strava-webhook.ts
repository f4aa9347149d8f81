import { ProviderError, ProviderErrorKind, VendorNotification, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';
import { isRecord, numberOrNull, stringOrNull } from '../shared/payload-reading';
import { secretEquals } from '../shared/webhook-signature';

/**
 * Strava's webhook events API. The subscription handshake is a GET with hub.mode=subscribe,
 * hub.challenge and hub.verify_token (the token given when subscribing: the webhook secret),
 * answered with {"hub.challenge": ...}. Events are POSTs of one JSON object: object_type
 * activity or athlete, aspect_type create/update/delete, owner_id the athlete; an athlete
 * update with updates.authorized "false" is the athlete revoking access. Strava signs nothing:
 * an event only names whose data to read again with that athlete's own token.
 */
export function receiveStravaWebhook(request: VendorWebhookRequest, verifyToken: string | null): VendorWebhookAnswer {
  if (request.method === 'GET') {
    const challenge = request.query['hub.challenge'];
    if (request.query['hub.mode'] !== 'subscribe' || !challenge || !secretEquals(request.query['hub.verify_token'], verifyToken)) {
      return { kind: 'handshake', status: 403, body: { message: 'verify token mismatch' } };
    }
    return { kind: 'handshake', status: 200, body: { 'hub.challenge': challenge } };
  }
  let event: unknown;
  try {
    event = JSON.parse(request.rawBody);
  } catch {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'strava webhook: the body is not JSON');
  }
  if (!isRecord(event)) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'strava webhook: the body is not an event');
  const owner = numberOrNull(event.owner_id) ?? stringOrNull(event.owner_id);
  if (owner === null) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'strava webhook: the event has no owner_id');
  const notifications: VendorNotification[] = [];
  const updates = isRecord(event.updates) ? event.updates : {};
  if (event.object_type === 'athlete' && String(updates.authorized) === 'false') {
    notifications.push({ vendorUserId: String(owner), from: null, to: null, deauthorized: true });
  } else if (event.object_type === 'activity') {
    // The event does not say when the activity took place: the sync reads since its last sync.
    notifications.push({ vendorUserId: String(owner), from: null, to: null });
  }
  return { kind: 'notifications', notifications };
}
