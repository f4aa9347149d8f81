import { SandboxCredentials } from '@strive/providers';

/** A sandbox user as the OAuth server knows them. */
export interface SandboxUser {
  readonly vendor: string;
  readonly id: string;
}

/** What a grant's token answer needs to know. */
export interface SandboxGrant {
  readonly user: SandboxUser;
  readonly scope: string;
}

export interface SandboxDataRequest {
  readonly method: string;
  /** The path below /<slug>, e.g. /api/v3/athlete/activities. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly user: SandboxUser;
  readonly now: Date;
}

export interface SandboxAnswer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

/** A request the sandbox sends to a subscriber, as the vendor would. */
export interface SandboxWebhook {
  readonly method: 'GET' | 'POST';
  readonly query?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  /** For a handshake: whether the subscriber's answer completes it. */
  readonly accepts?: (status: number, body: string) => boolean;
}

export interface SandboxWebhookEvent {
  readonly kind: 'handshake' | 'data' | 'deauthorization';
  readonly user?: SandboxUser;
  /** The local date whose data changed (data events). */
  readonly date?: string;
}

/**
 * One vendor as the sandbox plays it: its URL layout below /<slug>, how its token endpoint
 * authenticates clients and what it answers, its data API and its notifications. The OAuth
 * mechanics themselves (codes, PKCE, refresh, revocation) are shared (sandbox-server.ts).
 */
export interface SandboxVendor {
  readonly slug: string;
  readonly credentials: SandboxCredentials;
  readonly clientAuthentication: 'basic' | 'body';
  readonly authorizePath: string;
  readonly tokenPath: string;
  readonly revokePath: string;
  readonly accessTokenLifetimeSeconds: number;
  /** A new user's id in the vendor's style (Strava numbers, Fitbit six characters, Oura UUID-like). */
  newUserId(sequence: number): string;
  /** Extra parameters of the redirect back to the application (Strava reports the granted scope). */
  callbackParameters?(grant: SandboxGrant): Record<string, string>;
  /** Vendor-specific fields of a token answer (Strava's athlete and expires_at, Fitbit's user_id). */
  tokenFields(grant: SandboxGrant, kind: 'authorization_code' | 'refresh_token', expiresAt: Date): Record<string, unknown>;
  /** A data API request; null when no such route exists. */
  data(request: SandboxDataRequest): SandboxAnswer | null;
  /** Headers of a 429 answer, as the vendor sends them. */
  rateLimitHeaders(retryAfterSeconds: number): Record<string, string>;
  /** The body of a 401 answer, as the vendor sends it. */
  unauthorizedBody(): unknown;
  webhook(event: SandboxWebhookEvent, now: Date): SandboxWebhook;
}
