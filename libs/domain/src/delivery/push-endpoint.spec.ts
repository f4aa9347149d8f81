import { changedEndpoint, endpointAfterAttempt, PushEndpoint } from './push-endpoint';

const endpoint = (fields: Partial<PushEndpoint> = {}): PushEndpoint => ({
  id: 'e1', appId: 'a1', dataType: 'challenge', url: 'https://hooks.example.com/', active: true, version: 'V1',
  secret: 'whsec_x', previousSecret: null, previousSecretExpiresAt: null, failingSince: null, disabledReason: null,
  createdAt: new Date('2026-05-01T00:00:00Z'), updatedAt: new Date('2026-05-01T00:00:00Z'), ...fields,
});
const at = (iso: string) => new Date(iso);

describe('push endpoint health', () => {
  it('starts a failure streak at the first failed attempt and keeps its start on the next ones', () => {
    const failing = endpointAfterAttempt(endpoint(), false, at('2026-05-02T08:00:00Z'));
    expect(failing.failingSince).toEqual(at('2026-05-02T08:00:00Z'));
    expect(endpointAfterAttempt(failing, false, at('2026-05-03T08:00:00Z')).failingSince).toEqual(at('2026-05-02T08:00:00Z'));
  });

  it('ends the streak on a success', () => {
    const failing = endpoint({ failingSince: at('2026-05-02T08:00:00Z') });
    expect(endpointAfterAttempt(failing, true, at('2026-05-06T08:00:00Z'))).toMatchObject({ failingSince: null, active: true });
  });

  it('disables the endpoint, saying why, when it has failed for 5 days in a row', () => {
    const failing = endpoint({ failingSince: at('2026-05-02T08:00:00Z') });
    // 4 days 23:59 later: still active.
    expect(endpointAfterAttempt(failing, false, at('2026-05-07T07:59:00Z')).active).toBe(true);
    const disabled = endpointAfterAttempt(failing, false, at('2026-05-07T08:00:00Z'));
    expect(disabled).toMatchObject({ active: false, failingSince: at('2026-05-02T08:00:00Z') });
    expect(disabled.disabledReason).toBe('Disabled at 2026-05-07T08:00:00.000Z: every delivery failed since 2026-05-02T08:00:00.000Z (5 days).');
  });

  it('clears the streak and the reason when an administrator re-activates it', () => {
    const disabled = endpoint({ active: false, failingSince: at('2026-05-02T08:00:00Z'), disabledReason: 'Disabled ...' });
    expect(changedEndpoint(disabled, { active: true }, at('2026-05-08T00:00:00Z'))).toMatchObject({
      active: true, failingSince: null, disabledReason: null, updatedAt: at('2026-05-08T00:00:00Z'),
    });
    expect(changedEndpoint(disabled, { url: 'https://other.example.com/' }, at('2026-05-08T00:00:00Z'))).toMatchObject({
      active: false, disabledReason: 'Disabled ...', url: 'https://other.example.com/',
    });
  });
});
