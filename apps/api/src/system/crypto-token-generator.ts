import { TokenGenerator } from '@strive/domain';
import { createHash, randomBytes } from 'node:crypto';

/**
 * 256-bit random secrets, base64url. Secrets have full entropy, so one SHA-256 is
 * enough to store them safely (a slow password hash buys nothing here).
 */
export class CryptoTokenGenerator implements TokenGenerator {
  newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  newIdentifier(): string {
    return randomBytes(12).toString('base64url');
  }

  digest(secret: string): string {
    return createHash('sha256').update(secret, 'utf8').digest('hex');
  }
}
