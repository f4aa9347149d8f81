/**
 * Authenticated encryption of vendor tokens at rest: only `seal`ed text is stored. `open` throws
 * when the text was not sealed with this key (tampered, or another key).
 */
export interface TokenCipher {
  seal(plaintext: string): string;
  open(sealed: string): string;
}
