import { ProviderError, ProviderErrorKind, VendorWebhookAnswer, VendorWebhookRequest } from '@strive/domain';

/**
 * Withings data notifications ("Notifications" of the Public API): a form-encoded POST with
 * `userid`, `startdate`, `enddate` (epoch seconds) and `appli`, the data category that changed.
 * Withings checks the callback URL with a plain request when subscribing, answered 200. The
 * notifications are not signed; a forged one can only make Strive read the person's data from
 * Withings again, so nothing but the user and the window is taken from it.
 */
const WITHINGS_APPLI = {
  WEIGHT: 1,
  TEMPERATURE: 2,
  PRESSURE: 4,
  ACTIVITY: 16,
  SLEEP: 44,
} as const;
const SYNCED_APPLIS: readonly number[] = Object.values(WITHINGS_APPLI);

const epoch = (value: string | null): Date | null => (value !== null && /^\d{1,12}$/.test(value) ? new Date(Number(value) * 1000) : null);

export function receiveWithingsWebhook(request: VendorWebhookRequest): VendorWebhookAnswer {
  if (request.method === 'GET' || request.rawBody.trim() === '') return { kind: 'handshake', status: 200, body: '' };
  const form = new URLSearchParams(request.rawBody);
  const userid = form.get('userid');
  const appli = form.get('appli');
  if (!userid || !/^\d{1,20}$/.test(userid) || !appli || !/^\d{1,4}$/.test(appli)) {
    throw new ProviderError(ProviderErrorKind.InvalidResponse, 'Withings notification lacks userid or appli');
  }
  // Bed in/out, ECG and other categories are not data Strive reads.
  if (!SYNCED_APPLIS.includes(Number(appli))) return { kind: 'notifications', notifications: [] };
  const from = epoch(form.get('startdate'));
  const to = epoch(form.get('enddate'));
  const window = from && to && from.getTime() <= to.getTime() ? { from, to } : { from: null, to: null };
  return { kind: 'notifications', notifications: [{ vendorUserId: userid, ...window }] };
}
