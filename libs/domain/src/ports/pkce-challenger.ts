/** PKCE (RFC 7636): the S256 challenge of a code verifier, base64url(SHA-256(verifier)). */
export interface PkceChallenger {
  challengeOf(codeVerifier: string): string;
}
