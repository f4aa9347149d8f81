import { ProviderError, ProviderErrorKind, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';
import { isRecord } from '../shared/payload-reading';
import { secretEquals } from '../shared/webhook-signature';

/**
 * Wahoo Cloud API webhooks: a JSON body `{event_type: "workout_summary", webhook_token, user:
 * {id}, workout_summary: {...}}`. Wahoo signs nothing; the app's webhook token (set in Wahoo's
 * developer portal, `WAHOO_WEBHOOK_SECRET`) inside the body proves the sender.
 */
export function receiveWahooWebhook(request: VendorWebhookRequest, webhookToken: string | null): VendorWebhookAnswer {
  if (request.method !== 'POST') throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Wahoo webhooks are POST requests');
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Wahoo webhook body is not JSON');
  }
  if (!isRecord(body) || !secretEquals(typeof body.webhook_token === 'string' ? body.webhook_token : undefined, webhookToken)) {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Wahoo webhook token does not match');
  }
  const userId = isRecord(body.user) ? body.user.id : undefined;
  if (typeof userId !== 'number' || !Number.isSafeInteger(userId)) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Wahoo webhook names no user');
  return { kind: 'notifications', notifications: [{ vendorUserId: String(userId), from: null, to: null }] };
}
