import { NotificationError } from './notification-error';

/** Bounds of a notification body (both push services cap a message at 4 KB, APNs with its own wrapper). */
export const NOTIFICATION_LIMITS = {
  titleLength: 200,
  bodyLength: 1000,
  dataEntries: 20,
  dataKeyLength: 64,
  dataValueLength: 1000,
  imageUrlLength: 1000,
  /** UTF-8 bytes of title, body, image and data (keys and values) together. */
  totalBytes: 3500,
  /** Profiles one send_to_profiles names. */
  profiles: 1000,
} as const;

const DATA_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** Keys FCM reserves in the data payload (its HTTP v1 reference), and APNs's own dictionary (data keys sit beside it). */
const RESERVED_KEYS = new Set(['from', 'notification', 'message_type', 'collapse_key', 'aps']);
const RESERVED_PREFIXES = ['google', 'gcm'];

/** What a device shows: a title, an optional body and image, and a small string map handed to the app. */
export interface NotificationContent {
  readonly title: string;
  readonly body: string;
  readonly data: Readonly<Record<string, string>>;
  readonly image: string | null;
}

/** Every registered device of the app, or those of the listed profiles. */
export type NotificationTarget = { readonly kind: 'all' } | { readonly kind: 'profiles'; readonly profileIds: readonly string[] };

/** queued (answered, the fan-out job waits), sending (batches going out), sent (every device was tried). */
export type NotificationStatus = 'queued' | 'sending' | 'sent';

export interface NotificationCounts {
  /** Devices a message was handed to the push service for (accepted or not). */
  readonly devices: number;
  /** Accepted by the push service (or recorded, without one configured). */
  readonly sent: number;
  /** Refused for another reason than an unregistered token, or not answered. */
  readonly failed: number;
  /** Reported unregistered: those devices were removed. */
  readonly unregistered: number;
}

export const NO_COUNTS: NotificationCounts = { devices: 0, sent: 0, failed: 0, unregistered: 0 };

export interface Notification {
  readonly id: string;
  readonly appId: string;
  readonly content: NotificationContent;
  readonly target: NotificationTarget;
  readonly status: NotificationStatus;
  readonly counts: NotificationCounts;
  /**
   * Fan-out progress: devices go out in id order, and every device with an id up to this one
   * has been handled (a retried job resumes after it, never sending a finished batch twice).
   */
  readonly lastDeviceId: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

export interface NotificationContentInput {
  readonly title: unknown;
  readonly body?: unknown;
  readonly data?: unknown;
  readonly image?: unknown;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

function text(field: string, value: unknown, min: number, max: number): string {
  if (typeof value !== 'string' || value.length < min || value.length > max) {
    throw NotificationError.invalidNotification(field, `${field} must be a string of ${min} to ${max} characters.`);
  }
  return value;
}

function readData(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw NotificationError.invalidNotification('data', 'data must be an object of string values.');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > NOTIFICATION_LIMITS.dataEntries) {
    throw NotificationError.invalidNotification('data', `data has at most ${NOTIFICATION_LIMITS.dataEntries} entries.`);
  }
  const data: Record<string, string> = {};
  for (const [key, entry] of entries) {
    if (key.length > NOTIFICATION_LIMITS.dataKeyLength || !DATA_KEY.test(key)) {
      throw NotificationError.invalidNotification(`data.${key.slice(0, 64)}`, `data keys are 1 to ${NOTIFICATION_LIMITS.dataKeyLength} letters, digits, _, . or - (not starting with . or -).`);
    }
    const lower = key.toLowerCase();
    if (RESERVED_KEYS.has(lower) || RESERVED_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
      throw NotificationError.invalidNotification(`data.${key}`, `data key ${key} is reserved by the push services.`);
    }
    data[key] = text(`data.${key}`, entry, 0, NOTIFICATION_LIMITS.dataValueLength);
  }
  return data;
}

function readImage(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const url = text('image', value, 1, NOTIFICATION_LIMITS.imageUrlLength);
  if (!/^https:\/\/[^\s/?#]+[^\s]*$/.test(url)) throw NotificationError.invalidNotification('image', 'image must be an https URL.');
  return url;
}

/** Checks a notification body as a whole (NotificationError naming the field otherwise). */
export function readNotificationContent(input: NotificationContentInput): NotificationContent {
  const title = text('title', input.title, 1, NOTIFICATION_LIMITS.titleLength);
  const body = input.body === undefined || input.body === null ? '' : text('body', input.body, 0, NOTIFICATION_LIMITS.bodyLength);
  const data = readData(input.data);
  const image = readImage(input.image);
  const bytes = utf8Bytes(title) + utf8Bytes(body) + utf8Bytes(image ?? '') + Object.entries(data).reduce((sum, [k, v]) => sum + utf8Bytes(k) + utf8Bytes(v), 0);
  if (bytes > NOTIFICATION_LIMITS.totalBytes) {
    throw NotificationError.invalidNotification('data', `title, body, image and data together take ${bytes} bytes (UTF-8); at most ${NOTIFICATION_LIMITS.totalBytes} fit in a push message.`);
  }
  return { title, body, data, image };
}

/** The profiles of a send_to_profiles, each once, in the order given. */
export function readNotificationProfiles(profileIds: readonly string[]): string[] {
  const distinct = [...new Set(profileIds)];
  if (distinct.length === 0 || distinct.length > NOTIFICATION_LIMITS.profiles) {
    throw NotificationError.invalidNotification('profiles', `profiles lists 1 to ${NOTIFICATION_LIMITS.profiles} profile public_ids.`);
  }
  return distinct;
}

/** A new notification, waiting for its fan-out job. */
export function createNotification(id: string, appId: string, content: NotificationContent, target: NotificationTarget, now: Date): Notification {
  return { id, appId, content, target, status: 'queued', counts: NO_COUNTS, lastDeviceId: null, createdAt: now, finishedAt: null };
}

/** The counts after one more batch. */
export function addCounts(a: NotificationCounts, b: NotificationCounts): NotificationCounts {
  return { devices: a.devices + b.devices, sent: a.sent + b.sent, failed: a.failed + b.failed, unregistered: a.unregistered + b.unregistered };
}
