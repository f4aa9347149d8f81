import { TokenCipher } from '@strive/domain';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM with a fresh 96-bit IV per seal: `v1.<iv>.<ciphertext>.<tag>` (base64url). The key
 * is derived (HKDF-SHA256) from CONNECTION_TOKEN_KEY for this one purpose; a tampered text or
 * another key fails the tag check in `open`.
 */
export class AesGcmTokenCipher implements TokenCipher {
  private readonly key: Buffer;

  constructor(masterKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'strive connection tokens v1', 32));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || iv === undefined || body === undefined || tag === undefined) throw new Error('not a sealed token');
    // The full 16-byte tag only: Node would accept a truncated one, which weakens the check.
    const authTag = Buffer.from(tag, 'base64url');
    if (authTag.length !== 16) throw new Error('not a sealed token');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAuthTag(authTag);
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
