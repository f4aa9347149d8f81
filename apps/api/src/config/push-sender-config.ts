import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Firebase Cloud Messaging (HTTP v1): android and web devices. */
export interface FcmSettings {
  readonly projectId: string;
  readonly clientEmail: string;
  /** PEM (PKCS#8) private key of the service account. */
  readonly privateKey: string;
  readonly privateKeyId: string | null;
  /** The service account's token_uri: where the signed assertion is exchanged for an access token. */
  readonly tokenUrl: string;
  /** https://fcm.googleapis.com unless FCM_BASE_URL says otherwise. */
  readonly baseUrl: string;
}

/** Apple Push Notification service (HTTP/2, token-based): ios devices. */
export interface ApnsSettings {
  /** PEM (PKCS#8) of the .p8 signing key. */
  readonly privateKey: string;
  readonly keyId: string;
  readonly teamId: string;
  /** The app's bundle id (apns-topic). */
  readonly topic: string;
  /** https://api.push.apple.com unless APNS_BASE_URL says otherwise (https://api.sandbox.push.apple.com for development builds). */
  readonly baseUrl: string;
}

/** A platform whose service is not configured has its pushes recorded instead (docs/notifications.md). */
export interface PushSenderSettings {
  readonly fcm: FcmSettings | null;
  readonly apns: ApnsSettings | null;
}

const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or http to this machine only (a local fake of the service in tests and development). */
function serviceUrl(name: string, value: string, problems: string[]): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`${name} must be an absolute URL.`);
    return value;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    problems.push(`${name} must be an https URL (http only to localhost).`);
  }
  return value.replace(/\/+$/, '');
}

function privateKey(name: string, pem: string, type: 'rsa' | 'ec', problems: string[]): void {
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== type) problems.push(`${name} must hold an ${type.toUpperCase()} private key.`);
  } catch {
    problems.push(`${name} must hold a PEM private key.`);
  }
}

function readText(name: string, path: string, problems: string[]): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    problems.push(`${name}: cannot read ${path}.`);
    return null;
  }
}

function loadFcm(text: (name: string) => string | null, problems: string[]): FcmSettings | null {
  const projectId = text('FCM_PROJECT_ID');
  const file = text('FCM_SERVICE_ACCOUNT_FILE');
  const inline = text('FCM_SERVICE_ACCOUNT_JSON');
  if (!projectId && !file && !inline) return null;
  if (!projectId || (!file && !inline)) {
    problems.push('FCM_PROJECT_ID and one of FCM_SERVICE_ACCOUNT_FILE or FCM_SERVICE_ACCOUNT_JSON are set together or not at all.');
    return null;
  }
  if (file && inline) problems.push('Set FCM_SERVICE_ACCOUNT_FILE or FCM_SERVICE_ACCOUNT_JSON, not both.');
  const json = inline ?? readText('FCM_SERVICE_ACCOUNT_FILE', file as string, problems);
  if (json === null) return null;
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(json);
  } catch {
    problems.push('The FCM service account is not JSON.');
    return null;
  }
  const clientEmail = account.client_email;
  const key = account.private_key;
  if (account.type !== 'service_account' || typeof clientEmail !== 'string' || typeof key !== 'string') {
    problems.push('The FCM service account must be a service_account key file with client_email and private_key.');
    return null;
  }
  privateKey('The FCM service account private_key', key, 'rsa', problems);
  const tokenUrl = serviceUrl('The FCM service account token_uri', typeof account.token_uri === 'string' ? account.token_uri : GOOGLE_TOKEN_URL, problems);
  return {
    projectId,
    clientEmail,
    privateKey: key,
    privateKeyId: typeof account.private_key_id === 'string' ? account.private_key_id : null,
    tokenUrl,
    baseUrl: serviceUrl('FCM_BASE_URL', text('FCM_BASE_URL') ?? 'https://fcm.googleapis.com', problems),
  };
}

function loadApns(text: (name: string) => string | null, problems: string[]): ApnsSettings | null {
  const names = ['APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_TOPIC'] as const;
  const file = text('APNS_KEY_FILE');
  const inline = text('APNS_KEY');
  const [keyId, teamId, topic] = names.map(text);
  if (!file && !inline && !keyId && !teamId && !topic) return null;
  if ((!file && !inline) || !keyId || !teamId || !topic) {
    problems.push('APNS_KEY_FILE (or APNS_KEY), APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC are set together or not at all.');
    return null;
  }
  if (file && inline) problems.push('Set APNS_KEY_FILE or APNS_KEY, not both.');
  const pem = inline ?? readText('APNS_KEY_FILE', file as string, problems);
  if (pem === null) return null;
  privateKey('The APNs key', pem, 'ec', problems);
  if (!/^[A-Z0-9]{10}$/.test(keyId)) problems.push('APNS_KEY_ID must be the 10-character key id.');
  if (!/^[A-Z0-9]{10}$/.test(teamId)) problems.push('APNS_TEAM_ID must be the 10-character team id.');
  return { privateKey: pem, keyId, teamId, topic, baseUrl: serviceUrl('APNS_BASE_URL', text('APNS_BASE_URL') ?? 'https://api.push.apple.com', problems) };
}

/** The push services of the FCM_* and APNS_* variables (README), checked at boot: a half-configured service stops the start. */
export function loadPushSenderConfig(text: (name: string) => string | null, problems: string[]): PushSenderSettings {
  return { fcm: loadFcm(text, problems), apns: loadApns(text, problems) };
}
