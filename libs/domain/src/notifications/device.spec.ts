import fc from 'fast-check';
import { MAX_DEVICE_TOKEN_LENGTH, readDeviceRegistration } from './device';
import { NotificationError, NotificationErrorCode } from './notification-error';

const APNS_TOKEN = 'a1b2c3d4'.repeat(8); // 64 hex digits
const FCM_TOKEN = 'fGx2:APA91bH-abc_def';

function refusal(token: unknown, platform: unknown): NotificationError {
  try {
    readDeviceRegistration(token, platform);
  } catch (error) {
    return error as NotificationError;
  }
  throw new Error('accepted');
}

describe(readDeviceRegistration.name, () => {
  it('accepts an APNs token for ios and an FCM token for android and web', () => {
    expect(readDeviceRegistration(APNS_TOKEN, 'ios')).toEqual({ token: APNS_TOKEN, platform: 'ios' });
    expect(readDeviceRegistration(FCM_TOKEN, 'android')).toEqual({ token: FCM_TOKEN, platform: 'android' });
    expect(readDeviceRegistration(FCM_TOKEN, 'web')).toEqual({ token: FCM_TOKEN, platform: 'web' });
  });

  it('refuses an unknown platform, naming the field', () => {
    const error = refusal(FCM_TOKEN, 'windows');
    expect([error.code, error.field]).toEqual([NotificationErrorCode.InvalidDevice, 'platform']);
    expect(refusal(FCM_TOKEN, 'IOS').field).toBe('platform');
  });

  it('refuses empty, too long, spaced or non-ASCII tokens', () => {
    for (const token of ['', 'x'.repeat(MAX_DEVICE_TOKEN_LENGTH + 1), 'two words', 'tok\u00e9n', 42, null]) {
      expect(refusal(token, 'android').field).toBe('token');
    }
    expect(readDeviceRegistration('x'.repeat(MAX_DEVICE_TOKEN_LENGTH), 'android').token).toHaveLength(1024);
  });

  it('refuses an ios token that is not an APNs device token (hex, 64 to 200 digits)', () => {
    expect(refusal(FCM_TOKEN, 'ios').field).toBe('token');
    expect(refusal('a'.repeat(63), 'ios').field).toBe('token');
    expect(refusal('a'.repeat(201), 'ios').field).toBe('token');
    expect(readDeviceRegistration('A'.repeat(200), 'ios').token).toBe('A'.repeat(200));
  });

  it('never accepts a token with a character outside visible ASCII', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 50 }), fc.constantFrom('android', 'web'), (token, platform) => {
        const visible = /^[\x21-\x7e]+$/.test(token);
        let accepted = true;
        try {
          readDeviceRegistration(token, platform);
        } catch {
          accepted = false;
        }
        expect(accepted).toBe(visible);
      }),
    );
  });
});
