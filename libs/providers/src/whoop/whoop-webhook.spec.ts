import { createHmac } from 'node:crypto';
import { ProviderError, ProviderErrorKind, VendorWebhookRequest } from '@strive/domain';
import { receiveWhoopWebhook } from './whoop-webhook';

// The event of the WHOOP webhook reference; its signature computed here independently.
const SECRET = 'whoop-client-secret';
const NOW = 1_795_156_200_000;
const BODY = '{"user_id":10129,"id":"ecfc6a15-4661-442f-a9a4-f160dd7afae8","type":"workout.updated","trace_id":"d3c2e1b0-0000-4000-8000-000000000001"}';
const sign = (timestamp: string, body: string, key = SECRET) => createHmac('sha256', key).update(timestamp + body).digest('base64');
const request = (body: string, timestamp: string, signature: string): VendorWebhookRequest => ({
  method: 'POST', query: {}, headers: { 'x-whoop-signature': signature, 'x-whoop-signature-timestamp': timestamp }, rawBody: body,
});
const refusal = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ProviderError ? error.kind : error;
  }
};

describe('WHOOP webhooks', () => {
  it('accepts a correctly signed, fresh event and names its user', () => {
    const timestamp = String(NOW - 1000);
    expect(receiveWhoopWebhook(request(BODY, timestamp, sign(timestamp, BODY)), SECRET, NOW)).toEqual({
      kind: 'notifications', notifications: [{ vendorUserId: '10129', from: null, to: null }],
    });
  });

  it('refuses a forged, tampered or replayed event', () => {
    const timestamp = String(NOW);
    expect(refusal(() => receiveWhoopWebhook(request(BODY, timestamp, sign(timestamp, BODY, 'other')), SECRET, NOW))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(() => receiveWhoopWebhook(request(BODY.replace('10129', '10130'), timestamp, sign(timestamp, BODY)), SECRET, NOW))).toBe(ProviderErrorKind.InvalidResponse);
    // Signed two hours ago: a replay.
    const old = String(NOW - 2 * 3600 * 1000);
    expect(refusal(() => receiveWhoopWebhook(request(BODY, old, sign(old, BODY)), SECRET, NOW))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(() => receiveWhoopWebhook(request(BODY, 'soon', sign('soon', BODY)), SECRET, NOW))).toBe(ProviderErrorKind.InvalidResponse);
  });

  it('refuses a signed body that names no user', () => {
    const timestamp = String(NOW);
    const body = '{"type":"sleep.updated"}';
    expect(refusal(() => receiveWhoopWebhook(request(body, timestamp, sign(timestamp, body)), SECRET, NOW))).toBe(ProviderErrorKind.InvalidResponse);
  });
});
