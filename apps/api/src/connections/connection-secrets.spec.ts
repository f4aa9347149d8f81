import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';
import { AesGcmTokenCipher } from './aes-gcm-token-cipher';
import { KEY_FILE_NAME, resolveConnectionTokenKey } from './connection-token-key';
import { CryptoPkceChallenger } from './crypto-pkce-challenger';
import { HmacConnectionTicketSigner } from './hmac-connection-ticket-signer';

const key = randomBytes(32);

describe(AesGcmTokenCipher.name, () => {
  it('opens what it sealed; every seal differs (fresh IV); the plaintext never shows', () => {
    const cipher = new AesGcmTokenCipher(key);
    const a = cipher.seal('{"accessToken":"secret-token"}');
    const b = cipher.seal('{"accessToken":"secret-token"}');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(cipher.open(a)).toBe('{"accessToken":"secret-token"}');
  });

  it('refuses a tampered text and a text sealed with another key', () => {
    const cipher = new AesGcmTokenCipher(key);
    const sealed = cipher.seal('hello');
    const [v, iv, body, tag] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] ^= 1;
    expect(() => cipher.open([v, iv, flipped.toString('base64url'), tag].join('.'))).toThrow();
    expect(() => new AesGcmTokenCipher(randomBytes(32)).open(sealed)).toThrow();
    expect(() => cipher.open('plain')).toThrow('not a sealed token');
    // A truncated tag (Node would accept 4 bytes) is refused before any decryption.
    expect(() => cipher.open([v, iv, body, Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url')].join('.'))).toThrow('not a sealed token');
  });
});

describe(HmacConnectionTicketSigner.name, () => {
  const ticket = { appId: 'a', profileId: 'p', redirect: 'https://app.test/x', redirectOnError: true, expiresAt: new Date('2026-03-04T10:30:00Z') };

  it('verifies its own tickets and nothing else', () => {
    const signer = new HmacConnectionTicketSigner(key);
    const text = signer.sign(ticket);
    expect(signer.verify(text)).toEqual(ticket);
    const [body, mac] = text.split('.');
    const other = Buffer.from(JSON.stringify({ a: 'a', p: 'someone-else', r: null, e: false, x: ticket.expiresAt.getTime() })).toString('base64url');
    expect(signer.verify(`${other}.${mac}`)).toBeNull();
    expect(signer.verify(`${body}.${mac}x`)).toBeNull();
    expect(signer.verify(body)).toBeNull();
    // base64url decoding skips foreign characters: a valid ticket with text appended must not verify
    // (it would be carried into the widget page's script).
    expect(Buffer.from(`${mac}=</script><h1>x`, 'base64url')).toEqual(Buffer.from(mac, 'base64url'));
    expect(signer.verify(`${body}.${mac}=</script><h1>x`)).toBeNull();
    expect(new HmacConnectionTicketSigner(randomBytes(32)).verify(text)).toBeNull();
  });
});

describe(CryptoPkceChallenger.name, () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(new CryptoPkceChallenger().challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe(resolveConnectionTokenKey.name, () => {
  it('generates the embedded key once into DATA_DIR with mode 0600, then reads it back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strive-key-'));
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveConnectionTokenKey(config, true);
    expect(first).toHaveLength(32);
    const path = join(dir, KEY_FILE_NAME);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')).toEqual(first);
    expect(resolveConnectionTokenKey(config, true)).toEqual(first);
  });

  it('takes CONNECTION_TOKEN_KEY, and refuses to start with DATABASE_URL and vendors but no key', () => {
    const given = randomBytes(32).toString('base64');
    expect(resolveConnectionTokenKey(loadConfig({ CONNECTION_TOKEN_KEY: given, DATABASE_URL: 'postgres://x/y' }), true).toString('base64')).toBe(given);
    expect(() => resolveConnectionTokenKey(loadConfig({ DATABASE_URL: 'postgres://x/y' }), true)).toThrow(/CONNECTION_TOKEN_KEY is required/);
    expect(() => loadConfig({ CONNECTION_TOKEN_KEY: 'c2hvcnQ=' })).toThrow(ConfigError);
  });
});
