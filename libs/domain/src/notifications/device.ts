import { NotificationError } from './notification-error';

/** Where a device receives pushes: ios through APNs, android and web through FCM. */
export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];

/** Longest accepted token: FCM registration tokens are about 160-250 characters, APNs tokens 64 hex digits (and an index entry must stay well under 2 KB). */
export const MAX_DEVICE_TOKEN_LENGTH = 1024;
/**
 * Devices a profile keeps: registering one more drops its least recently registered other one (tokens
 * rotate, and an app reinstalled many times must not grow the fan-out without bound).
 */
export const MAX_DEVICES_PER_PROFILE = 20;
/** APNs device tokens are hex (32 bytes today; Apple says the length may grow). */
const APNS_TOKEN = /^[0-9a-fA-F]{64,200}$/;
/** Tokens travel in URLs and headers: visible ASCII only, no spaces. */
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/**
 * A registered push token of a profile. One device per (app, token): registering a token
 * again (under the same or another profile of the app) moves it, as happens when a phone
 * changes hands or a user logs into another account.
 */
export interface Device {
  readonly id: string;
  readonly appId: string;
  readonly profileId: string;
  readonly token: string;
  readonly platform: DevicePlatform;
  /** When the token was last registered. */
  readonly registeredAt: Date;
}

export interface DeviceRegistration {
  readonly token: string;
  readonly platform: DevicePlatform;
}

export function isDevicePlatform(value: unknown): value is DevicePlatform {
  return typeof value === 'string' && (DEVICE_PLATFORMS as readonly string[]).includes(value);
}

/** Checks a token and its platform (NotificationError naming the field otherwise). */
export function readDeviceRegistration(token: unknown, platform: unknown): DeviceRegistration {
  if (!isDevicePlatform(platform)) throw NotificationError.invalidDevice('platform', `platform must be one of ${DEVICE_PLATFORMS.join(', ')}.`);
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_DEVICE_TOKEN_LENGTH) {
    throw NotificationError.invalidDevice('token', `token must be a string of 1 to ${MAX_DEVICE_TOKEN_LENGTH} characters.`);
  }
  if (!TOKEN_CHARACTERS.test(token)) throw NotificationError.invalidDevice('token', 'token must be visible ASCII characters without spaces.');
  if (platform === 'ios' && !APNS_TOKEN.test(token)) {
    throw NotificationError.invalidDevice('token', 'an ios token is the APNs device token: 64 to 200 hexadecimal digits.');
  }
  return { token, platform };
}
