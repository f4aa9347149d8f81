import { Source } from '../records/activity-records';

/** How long an OAuth `state` stays usable: the person has this long to consent. */
export const CONNECTION_ATTEMPT_TTL_MS = 10 * 60 * 1000;
/** Open attempts kept per profile; starting another drops the oldest (its state stops working). */
export const MAX_OPEN_ATTEMPTS_PER_PROFILE = 10;

/**
 * One started connect flow, found again by its OAuth `state` when the vendor redirects back.
 * Single-use (consumed by the callback whatever the outcome), bound to the app, profile and
 * source, expiring after CONNECTION_ATTEMPT_TTL_MS. Only the state's digest is stored.
 */
export interface ConnectionAttempt {
  /** TokenGenerator.digest of the random `state` sent to the vendor. */
  readonly stateDigest: string;
  readonly appId: string;
  readonly profileId: string;
  readonly source: Source;
  /** The PKCE code_verifier; the vendor saw only its S256 challenge. */
  readonly codeVerifier: string;
  /** The callback URL sent to the vendor (the code exchange must repeat it exactly). */
  readonly redirectUri: string;
  /** Where the person goes after the callback: null shows Strive's own result page. */
  readonly redirect: string | null;
  /** Failures also go to `redirect` (with ?error=access_denied|unknown) instead of the error page. */
  readonly redirectOnError: boolean;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export function isAttemptExpired(attempt: ConnectionAttempt, now: Date): boolean {
  return now.getTime() >= attempt.expiresAt.getTime();
}
