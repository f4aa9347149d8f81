import { PkceChallenger } from '@strive/domain';
import { createHash } from 'node:crypto';

/** S256 (RFC 7636 section 4.2). */
export class CryptoPkceChallenger implements PkceChallenger {
  challengeOf(codeVerifier: string): string {
    return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
  }
}
