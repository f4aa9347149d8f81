import { ProviderError, ProviderErrorKind, VendorNotification, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';

/**
 * Garmin's notifications (Health API "Ping Service" and "Push Service"): a JSON object whose
 * keys are summary types, each a list of entries naming a `userId`.
 * - A ping entry carries `callbackURL` (and `uploadStartTimeInSeconds`/`uploadEndTimeInSeconds`):
 *   the upload window to pull.
 * - A push entry carries the summary itself; the sync pulls it again by upload time, so the
 *   notification only says whose data changed.
 * - `deregistrations` (the person disconnected at Garmin) and `userPermissionsChange` (the
 *   person changed what Strive may read; no export permission left means no access).
 * Garmin does not sign its notifications; a forged one can only make Strive pull data from
 * Garmin with the person's own token, so nothing is trusted from its body but the user id.
 */
const EXPORT_PERMISSIONS = ['ACTIVITY_EXPORT', 'HEALTH_EXPORT'];
/** Bound on the entries read from one notification (Garmin batches at most a few hundred). */
const MAX_ENTRIES = 10_000;

type Entry = Record<string, unknown>;

const epochSeconds = (value: unknown): Date | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? new Date(value * 1000) : null;

function fromQuery(url: unknown, name: string): Date | null {
  if (typeof url !== 'string') return null;
  try {
    const value = new URL(url).searchParams.get(name);
    return value !== null && /^\d{1,12}$/.test(value) ? new Date(Number(value) * 1000) : null;
  } catch {
    return null;
  }
}

function userIdOf(entry: Entry): string | null {
  const id = entry.userId;
  return typeof id === 'string' && id.length > 0 && id.length <= 255 ? id : null;
}

function notificationOf(key: string, entry: Entry): VendorNotification | null {
  const vendorUserId = userIdOf(entry);
  if (!vendorUserId) return null;
  if (key === 'deregistrations') return { vendorUserId, from: null, to: null, deauthorized: true };
  if (key === 'userPermissionsChange') {
    const permissions = Array.isArray(entry.permissions) ? entry.permissions : [];
    const canRead = permissions.some((permission) => EXPORT_PERMISSIONS.includes(String(permission)));
    return canRead ? { vendorUserId, from: null, to: null } : { vendorUserId, from: null, to: null, deauthorized: true };
  }
  // Ping: the upload window of the callback (its fields, else its URL's query).
  const from = epochSeconds(entry.uploadStartTimeInSeconds) ?? fromQuery(entry.callbackURL, 'uploadStartTimeInSeconds');
  const to = epochSeconds(entry.uploadEndTimeInSeconds) ?? fromQuery(entry.callbackURL, 'uploadEndTimeInSeconds');
  return from && to && from.getTime() <= to.getTime() ? { vendorUserId, from, to } : { vendorUserId, from: null, to: null };
}

export function receiveGarminWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
  if (request.method !== 'POST') throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Garmin notifications are POST requests');
  let body: unknown;
  try {
    body = JSON.parse(request.rawBody);
  } catch {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Garmin notification is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Garmin notification is not a JSON object');
  }
  const notifications: VendorNotification[] = [];
  let read = 0;
  for (const [key, entries] of Object.entries(body)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) {
      if (++read > MAX_ENTRIES) throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Garmin notification has too many entries');
      if (typeof entry !== 'object' || entry === null) continue;
      const notification = notificationOf(key, entry as Entry);
      if (notification) notifications.push(notification);
    }
  }
  return { kind: 'notifications', notifications };
}
