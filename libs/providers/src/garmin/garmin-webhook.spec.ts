import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { receiveGarminWebhook } from './garmin-webhook';

// Bodies written from the Health API reference: ping (callbackURL), push (summaries),
// deregistrations and user permission changes.
const post = (body: unknown) => receiveGarminWebhook({ method: 'POST', query: {}, headers: { 'content-type': 'application/json' }, rawBody: JSON.stringify(body) });

describe('Garmin notifications', () => {
  it('reads a ping: the user and the upload window of its callback', () => {
    const answer = post({
      dailies: [{
        userId: '4aacafe8-2b5a-4e39-9b1a-0c8b9d1f2e3a',
        uploadStartTimeInSeconds: 1795129200,
        uploadEndTimeInSeconds: 1795132800,
        callbackURL: 'https://apis.garmin.com/wellness-api/rest/dailies?uploadStartTimeInSeconds=1795129200&uploadEndTimeInSeconds=1795132800',
      }],
      sleeps: [{
        userId: 'b71c0f4e-0000-4000-8000-000000000002',
        callbackURL: 'https://apis.garmin.com/wellness-api/rest/sleeps?uploadStartTimeInSeconds=1795126200&uploadEndTimeInSeconds=1795129200',
      }],
    });
    expect(answer).toEqual({
      kind: 'notifications',
      notifications: [
        { vendorUserId: '4aacafe8-2b5a-4e39-9b1a-0c8b9d1f2e3a', from: new Date('2026-11-19T23:00:00Z'), to: new Date('2026-11-20T00:00:00Z') },
        // The window only in the callback's query.
        { vendorUserId: 'b71c0f4e-0000-4000-8000-000000000002', from: new Date('2026-11-19T22:10:00Z'), to: new Date('2026-11-19T23:00:00Z') },
      ],
    });
  });

  it('reads a push: whose data changed, without a window', () => {
    const answer = post({
      activities: [{ userId: 'u-1', summaryId: '5001968355', activityType: 'RUNNING', startTimeInSeconds: 1795156200, durationInSeconds: 2712 }],
    });
    expect(answer).toEqual({ kind: 'notifications', notifications: [{ vendorUserId: 'u-1', from: null, to: null }] });
  });

  it('marks deregistrations and a permission change without any export permission as deauthorized', () => {
    const answer = post({
      deregistrations: [{ userId: 'u-1' }],
      userPermissionsChange: [
        { userId: 'u-2', summaryId: 'p-1', permissions: ['ACTIVITY_EXPORT', 'WORKOUT_IMPORT'], changeTimeInSeconds: 1795129200 },
        { userId: 'u-3', summaryId: 'p-2', permissions: ['WORKOUT_IMPORT'], changeTimeInSeconds: 1795129200 },
      ],
    });
    expect(answer).toEqual({
      kind: 'notifications',
      notifications: [
        { vendorUserId: 'u-1', from: null, to: null, deauthorized: true },
        { vendorUserId: 'u-2', from: null, to: null },
        { vendorUserId: 'u-3', from: null, to: null, deauthorized: true },
      ],
    });
  });

  it('skips entries without a user id and refuses what is not a JSON object', () => {
    expect(post({ dailies: [{ callbackURL: 'x' }, 'junk', null], other: 'x' })).toEqual({ kind: 'notifications', notifications: [] });
    const invalid = (rawBody: string, method: 'GET' | 'POST' = 'POST') => {
      try {
        receiveGarminWebhook({ method, query: {}, headers: {}, rawBody });
        return null;
      } catch (error) {
        return error instanceof ProviderError ? error.kind : error;
      }
    };
    expect(invalid('{not json')).toBe(ProviderErrorKind.InvalidResponse);
    expect(invalid('[1]')).toBe(ProviderErrorKind.InvalidResponse);
    expect(invalid('', 'GET')).toBe(ProviderErrorKind.InvalidResponse);
  });
});
