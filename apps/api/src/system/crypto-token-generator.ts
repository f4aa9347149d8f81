import { TokenGenerator } from '@strive/domain';
import { hash, randomBytes } from 'node:crypto';

/** An identifier's first character: a letter or digit, never base64url's `-` or `_`. */
const PLAIN_START = /^[A-Za-z0-9]/;

/**
 * 256-bit random secrets, base64url. Secrets have full entropy, so one SHA-256 is
 * enough to store them safely (a slow password hash buys nothing here).
 */
export class CryptoTokenGenerator implements TokenGenerator {
  newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  /**
   * 96 random bits, base64url, drawn again while they start with `-` or `_` (1 draw in 32): an
   * operator types the id after `--client-id`, and a command line reads `-Xyz` there as an option.
   */
  newIdentifier(): string {
    for (;;) {
      const id = randomBytes(12).toString('base64url');
      if (PLAIN_START.test(id)) return id;
    }
  }

  digest(secret: string): string {
    // One-shot: on every request (the bearer's lookup key), a fifth of createHash's cost.
    return hash('sha256', secret, 'hex');
  }
}
