import { TokenGenerator } from '@strive/domain';
import { hash, randomBytes } from 'node:crypto';

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
    // One-shot: on every request (the bearer's lookup key), a fifth of createHash's cost.
    return hash('sha256', secret, 'hex');
  }
}
