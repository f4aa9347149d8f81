/** A client application: owns profiles, authenticates with client credentials. */
export interface App {
  readonly id: string;
  readonly name: string;
  readonly clientId: string;
  /** Digest of the client secret; the secret itself is never stored. */
  readonly clientSecretDigest: string;
  readonly createdAt: Date;
}

/** Client credentials shown once, when an app is created. */
export interface ClientCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}
