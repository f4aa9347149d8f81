import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

const pem = (type: 'rsa' | 'ec') =>
  (type === 'rsa' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'prime256v1' })).privateKey
    .export({ type: 'pkcs8', format: 'pem' })
    .toString();

describe('push sender configuration (FCM_*, APNS_*)', () => {
  const rsa = pem('rsa');
  const ec = pem('ec');
  const account = { type: 'service_account', project_id: 'p', private_key_id: 'k1', private_key: rsa, client_email: 'push@p.iam.gserviceaccount.com', token_uri: 'https://oauth2.googleapis.com/token' };
  const apns = { APNS_KEY: ec, APNS_KEY_ID: 'ABC123DEFG', APNS_TEAM_ID: 'TEAM123456', APNS_TOPIC: 'com.example.app' };

  it('configures no push service by default: every platform is recorded', () => {
    expect(loadConfig({}).pushSenders).toEqual({ fcm: null, apns: null });
  });

  it('reads the FCM service account from a file, with the default endpoint', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'fcm-')), 'account.json');
    writeFileSync(file, JSON.stringify(account));
    expect(loadConfig({ FCM_PROJECT_ID: 'p', FCM_SERVICE_ACCOUNT_FILE: file }).pushSenders.fcm).toEqual({
      projectId: 'p', clientEmail: account.client_email, privateKey: rsa, privateKeyId: 'k1', tokenUrl: account.token_uri, baseUrl: 'https://fcm.googleapis.com',
    });
  });

  it('reads the APNs key, with the production endpoint by default', () => {
    expect(loadConfig(apns).pushSenders.apns).toEqual({ privateKey: ec.trim(), keyId: 'ABC123DEFG', teamId: 'TEAM123456', topic: 'com.example.app', baseUrl: 'https://api.push.apple.com' });
    expect(loadConfig({ ...apns, APNS_BASE_URL: 'https://api.sandbox.push.apple.com/' }).pushSenders.apns?.baseUrl).toBe('https://api.sandbox.push.apple.com');
  });

  it.each([
    ['a project without its service account', { FCM_PROJECT_ID: 'p' }, 'FCM_PROJECT_ID'],
    ['an unreadable key file', { FCM_PROJECT_ID: 'p', FCM_SERVICE_ACCOUNT_FILE: '/nonexistent/account.json' }, 'cannot read'],
    ['a service account that is not JSON', { FCM_PROJECT_ID: 'p', FCM_SERVICE_ACCOUNT_JSON: '{' }, 'not JSON'],
    ['a service account without a key', { FCM_PROJECT_ID: 'p', FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...account, private_key: undefined }) }, 'private_key'],
    ['an EC key for FCM', { FCM_PROJECT_ID: 'p', FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ ...account, private_key: ec }) }, 'RSA private key'],
    ['a plain http FCM endpoint elsewhere than localhost', { FCM_PROJECT_ID: 'p', FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(account), FCM_BASE_URL: 'http://fcm.example.com' }, 'FCM_BASE_URL'],
    ['an APNs key id without the rest', { APNS_KEY_ID: 'ABC123DEFG' }, 'APNS_TOPIC'],
    ['an APNs key that is not a key', { ...apns, APNS_KEY: 'nope' }, 'PEM private key'],
    ['an RSA key for APNs', { ...apns, APNS_KEY: rsa }, 'EC private key'],
    ['a malformed team id', { ...apns, APNS_TEAM_ID: 'team' }, 'APNS_TEAM_ID'],
    ['an APNs endpoint that is not a URL', { ...apns, APNS_BASE_URL: 'push.apple.com' }, 'APNS_BASE_URL'],
  ])('refuses %s', (_, env, named) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(ConfigError);
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(named);
  });
});
