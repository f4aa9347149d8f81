import { ProviderError, ProviderErrorKind, VendorNotification, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';
import { isRecord, numberOrNull, stringOrNull } from '../shared/payload-reading';
import { secretEquals } from '../shared/webhook-signature';

const DAY_MS = 86_400_000;
/** Days before an activity event that a sync reads (uploads from a watch can come days late). */
const LATE_UPLOAD_DAYS = 7;

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
    // The event says when the activity was uploaded or changed, not when it took place, and
    // Strava lists activities by start time: the week before the event covers late uploads.
    const at = numberOrNull(event.event_time);
    const day = at === null ? null : Math.floor(at / 86_400) * DAY_MS;
    notifications.push({ vendorUserId: String(owner), from: day === null ? null : new Date(day - LATE_UPLOAD_DAYS * DAY_MS), to: day === null ? null : new Date(day + 2 * DAY_MS) });
  }
  return { kind: 'notifications', notifications };
}
