import { ProviderError, ProviderErrorKind, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';
import { hmacMatches } from '../shared/webhook-signature';

/**
 * Polar AccessLink webhooks ("Webhooks" of the v3 reference): a JSON body
 * `{event, user_id, entity_id, timestamp, url}` signed in `Polar-Webhook-Signature`, the hex
 * HMAC-SHA256 of the raw body keyed with the webhook's `signature_secret_key`. Creating the
 * webhook sends a `PING` first, before Polar has handed out that key, so the ping alone is
 * answered unsigned; it names no person and changes nothing.
 */
export function receivePolarWebhook(request: VendorWebhookRequest, secret: string | null): VendorWebhookAnswer {
  if (request.method !== 'POST') throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Polar webhooks are POST requests');
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(request.rawBody);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Polar webhook body is not a JSON object');
  }
  if (body.event === 'PING') return { kind: 'handshake', status: 200, body: '' };
  const signature = request.headers['polar-webhook-signature']?.trim();
  if (!secret || !signature || !/^[0-9a-f]{64}$/i.test(signature) || !hmacMatches('sha256', secret, request.rawBody, signature, 'hex')) {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Polar webhook signature does not match');
  }
  const userId = body.user_id;
  const vendorUserId = typeof userId === 'number' && Number.isSafeInteger(userId) ? String(userId) : typeof userId === 'string' && /^\d{1,20}$/.test(userId) ? userId : null;
  if (!vendorUserId) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Polar webhook names no user');
  // The event names what changed, not a window: the sync reads since its last run.
  return { kind: 'notifications', notifications: [{ vendorUserId, from: null, to: null }] };
}
