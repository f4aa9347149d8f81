import { createHmac } from 'node:crypto';
import { ProviderError, ProviderErrorKind, VendorWebhookRequest } from '@strive/domain';
import { receivePolarWebhook } from './polar-webhook';

// The event body of the AccessLink reference; its signature computed here independently.
const SECRET = 'e2f7c0b1-webhook-secret';
const EVENT = JSON.stringify({ event: 'EXERCISE', user_id: 475, entity_id: 'aQlC83', timestamp: '2026-11-20T09:10:00Z', url: 'https://www.polaraccesslink.com/v3/exercises/aQlC83' });
const sign = (body: string, key = SECRET) => createHmac('sha256', key).update(body).digest('hex');
const request = (rawBody: string, signature?: string): VendorWebhookRequest => ({
  method: 'POST', query: {}, headers: { 'content-type': 'application/json', 'polar-webhook-signature': signature }, rawBody,
});
const refusal = (run: () => unknown) => {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof ProviderError ? error.kind : error;
  }
};

describe('Polar webhooks', () => {
  it('accepts a correctly signed event and names its user', () => {
    expect(receivePolarWebhook(request(EVENT, sign(EVENT)), SECRET)).toEqual({
      kind: 'notifications', notifications: [{ vendorUserId: '475', from: null, to: null }],
    });
    // Upper-case hex is the same signature.
    expect(receivePolarWebhook(request(EVENT, sign(EVENT).toUpperCase()), SECRET).kind).toBe('notifications');
  });

  it('refuses a forged, missing or stale signature, and any event when no secret is configured', () => {
    expect(refusal(() => receivePolarWebhook(request(EVENT, sign(EVENT, 'another-secret')), SECRET))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(() => receivePolarWebhook(request(EVENT), SECRET))).toBe(ProviderErrorKind.InvalidResponse);
    const tampered = EVENT.replace('475', '476');
    expect(refusal(() => receivePolarWebhook(request(tampered, sign(EVENT)), SECRET))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(() => receivePolarWebhook(request(EVENT, 'zz'), SECRET))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(() => receivePolarWebhook(request(EVENT, sign(EVENT)), null))).toBe(ProviderErrorKind.InvalidResponse);
  });

  it('answers the PING of webhook creation with 200', () => {
    expect(receivePolarWebhook(request(JSON.stringify({ timestamp: '2026-11-20T09:10:00Z', event: 'PING' })), SECRET)).toEqual({ kind: 'handshake', status: 200, body: '' });
  });

  it('refuses bodies that are not an event', () => {
    expect(refusal(() => receivePolarWebhook(request('nope', sign('nope')), SECRET))).toBe(ProviderErrorKind.InvalidResponse);
    const noUser = JSON.stringify({ event: 'SLEEP', user_id: 'abc' });
    expect(refusal(() => receivePolarWebhook(request(noUser, sign(noUser)), SECRET))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(() => receivePolarWebhook({ ...request(EVENT, sign(EVENT)), method: 'GET' }, SECRET))).toBe(ProviderErrorKind.InvalidResponse);
  });
});
