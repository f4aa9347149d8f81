import { ProviderError, ProviderErrorKind, VendorWebhookRequest } from '@strive/domain';
import { receiveWithingsWebhook } from './withings-webhook';

// Notification bodies as the Withings reference describes them: form fields.
const post = (rawBody: string): VendorWebhookRequest => ({ method: 'POST', query: {}, headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody });

describe('Withings notifications', () => {
  it('reads a weight notification: the user and the window', () => {
    expect(receiveWithingsWebhook(post('userid=12345678&startdate=1795156200&enddate=1795156260&appli=1'))).toEqual({
      kind: 'notifications',
      notifications: [{ vendorUserId: '12345678', from: new Date('2026-11-20T06:30:00Z'), to: new Date('2026-11-20T06:31:00Z') }],
    });
  });

  it('reads an activity notification without a usable window as "since the last sync"', () => {
    expect(receiveWithingsWebhook(post('userid=12345678&appli=16&startdate=soon'))).toEqual({
      kind: 'notifications', notifications: [{ vendorUserId: '12345678', from: null, to: null }],
    });
  });

  it('ignores categories Strive does not read (bed in, bed out)', () => {
    expect(receiveWithingsWebhook(post('userid=12345678&startdate=1795156200&enddate=1795156200&appli=50'))).toEqual({ kind: 'notifications', notifications: [] });
  });

  it('answers the callback check and refuses a body without user or category', () => {
    expect(receiveWithingsWebhook({ method: 'GET', query: {}, headers: {}, rawBody: '' })).toEqual({ kind: 'handshake', status: 200, body: '' });
    for (const body of ['appli=1', 'userid=abc&appli=1', 'userid=1']) {
      let kind: unknown = null;
      try {
        receiveWithingsWebhook(post(body));
      } catch (error) {
        kind = error instanceof ProviderError ? error.kind : error;
      }
      expect(kind).toBe(ProviderErrorKind.InvalidResponse);
    }
  });
});
