/** Administrator bearers live 24 hours (interface.md "Limits"). */
export const ADMIN_TOKEN_LIFETIME_SECONDS = 24 * 60 * 60;

/** A stored administrator bearer: only its digest is kept. */
export interface AdminToken {
  readonly digest: string;
  readonly appId: string;
  readonly expiresAt: Date;
}

/** What the token endpoint answers (contract.md "Authentication"). */
export interface IssuedAdminToken {
  readonly accessToken: string;
  readonly expiresIn: number;
  readonly expiresAt: Date;
}
