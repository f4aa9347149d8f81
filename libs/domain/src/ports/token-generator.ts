/**
 * Opaque secrets (bearers, client secrets) and the one-way digest under which they
 * are stored. Only digests reach storage, so a leaked table grants nothing.
 */
export interface TokenGenerator {
  /** A new random secret of at least 256 bits, URL-safe. */
  newSecret(): string;
  /** A short random public identifier (client ids): starts with a letter or digit, never `-` (a command line would read it as an option). */
  newIdentifier(): string;
  digest(secret: string): string;
}
