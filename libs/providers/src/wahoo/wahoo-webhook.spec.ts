import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { receiveWahooWebhook } from './wahoo-webhook';

const TOKEN = 'wahoo-webhook-token';
const event = (token: string, userId: unknown = 60462) =>
  JSON.stringify({ event_type: 'workout_summary', webhook_token: token, user: { id: userId }, workout_summary: { id: 8297, distance_accum: '24909.71', workout: { id: 56519, starts: '2026-11-20T16:00:00.000Z' } } });
const refusal = (rawBody: string, token: string | null = TOKEN) => {
  try {
    receiveWahooWebhook({ method: 'POST', query: {}, headers: {}, rawBody }, token);
    return null;
  } catch (error) {
    return error instanceof ProviderError ? error.kind : error;
  }
};

describe('Wahoo webhooks', () => {
  it('accepts an event with the app\'s webhook token and names its user', () => {
    expect(receiveWahooWebhook({ method: 'POST', query: {}, headers: {}, rawBody: event(TOKEN) }, TOKEN)).toEqual({
      kind: 'notifications', notifications: [{ vendorUserId: '60462', from: null, to: null }],
    });
  });

  it('refuses a wrong or missing token, a configuration without one, and a body without user', () => {
    expect(refusal(event('guess'))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(JSON.stringify({ event_type: 'workout_summary', user: { id: 1 } }))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(event(TOKEN), null)).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal(event(TOKEN, 'x'))).toBe(ProviderErrorKind.InvalidResponse);
    expect(refusal('not json')).toBe(ProviderErrorKind.InvalidResponse);
  });
});
