import { Source } from '../records/activity-records';
import { HealthDataType } from '../records/health-record';

/**
 * A wearable or health-app vendor (Garmin, Fitbit, Strava, ...) as the connection use cases see
 * it: its OAuth 2.0 authorization-code flow with PKCE, its data API read in pages, and its
 * change notifications. Adapters live in libs/providers/src/<vendor>/; they speak the vendor's
 * wire format and hand back records in Strive's upload format, so synced data goes through the
 * same validation and the same write path as an upload.
 */
export interface DataProvider {
  /** The source its records carry (contract.md "Values"); the connection slug is its lower case. */
  readonly source: Source;
  /** How far back the vendor lets a new connection read (days); a backfill never asks for more. */
  readonly maxBackfillDays: number;

  /** The vendor's consent page for this person, with `state` and the PKCE S256 challenge. */
  authorizationUrl(request: AuthorizationRequest): URL;
  /** Trades the code of the callback for tokens. ProviderError `refused` when the vendor says no. */
  exchangeCode(exchange: CodeExchange): Promise<ProviderGrant>;
  /** New tokens before the old expire. ProviderError `refused` when the vendor revoked the grant. */
  refresh(grant: ProviderGrant): Promise<ProviderGrant>;
  /** Tells the vendor the person disconnected (deregistration, token revocation). */
  revoke(grant: ProviderGrant): Promise<void>;
  /**
   * One page of the person's data in [from, to). `cursor` null asks for the first page; the
   * answer's `nextCursor` (adapter-defined, opaque) asks for the next, null when done.
   */
  fetchPage(request: SyncPageRequest): Promise<SyncPage>;
  /**
   * A request the vendor sent to the notification endpoint: a subscription handshake to answer,
   * or notifications naming whose data changed. Signatures are checked here: a forged or
   * unreadable request throws ProviderError `invalid_response` (the route answers 4xx). A
   * handshake with the wrong verification token is an answer, not an error: the vendor expects
   * a status (Fitbit 404, Strava 403, Oura 401).
   */
  receiveWebhook(request: VendorWebhookRequest): VendorWebhookAnswer;
}

export interface AuthorizationRequest {
  readonly state: string;
  /** base64url(SHA-256(code_verifier)). */
  readonly codeChallenge: string;
  /** Strive's OAuth callback URL registered with the vendor. */
  readonly redirectUri: string;
}

export interface CodeExchange {
  readonly code: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  /** Every query parameter of the callback (some vendors report the granted scope there). */
  readonly callbackParameters: Readonly<Record<string, string>>;
}

/** What the vendor granted, normalised. Tokens are secrets: the adapter never logs them. */
export interface ProviderGrant {
  readonly accessToken: string;
  readonly refreshToken: string | null;
  /** null: the token does not expire (Polar AccessLink). */
  readonly expiresAt: Date | null;
  readonly scope: string | null;
  /**
   * The person's id at the vendor (Strava athlete id, Fitbit user id, Garmin user id, Polar
   * x_user_id, Withings userid, Oura user id): vendor notifications name it.
   */
  readonly vendorUserId: string;
}

export interface SyncPageRequest {
  readonly grant: ProviderGrant;
  readonly from: Date;
  readonly to: Date;
  readonly cursor: string | null;
}

/**
 * Records in the body format of POST profile/{id}/data/ (without `source`), keyed by data type;
 * every record carries the vendor's stable `external_id`, so a record synced twice is updated,
 * never duplicated. Units are the contract's (metres, kcal, hh:mm:ss.ffffff, ...).
 */
export type ProviderRecords = Partial<Record<HealthDataType, ReadonlyArray<Readonly<Record<string, unknown>>>>>;

export interface SyncPage {
  readonly records: ProviderRecords;
  readonly nextCursor: string | null;
}

export interface VendorWebhookRequest {
  readonly method: 'GET' | 'POST';
  readonly query: Readonly<Record<string, string>>;
  /** Lower-case header names. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body exactly as received (signatures are computed over it). */
  readonly rawBody: string;
}

export type VendorWebhookAnswer =
  /** A subscription handshake (Strava's hub.challenge, Fitbit's verify code): answer as told. */
  | { readonly kind: 'handshake'; readonly status: number; readonly body: string | Readonly<Record<string, unknown>> }
  /** Whose data changed, and when (null: the adapter does not know; sync since the last sync). */
  | { readonly kind: 'notifications'; readonly notifications: readonly VendorNotification[] };

export interface VendorNotification {
  readonly vendorUserId: string;
  readonly from: Date | null;
  readonly to: Date | null;
  /** The person withdrew consent at the vendor (Strava deauthorization, Garmin deregistration). */
  readonly deauthorized?: boolean;
}

/** Why a vendor call failed, as the sync and connect use cases need to tell. */
export enum ProviderErrorKind {
  /** 429: wait `retryAfterSeconds` (from Retry-After or the vendor's own headers). */
  RateLimited = 'rate_limited',
  /** 5xx or no answer: try again later. */
  Unavailable = 'unavailable',
  /** 401 on a data call: the access token needs a refresh. */
  Unauthorized = 'unauthorized',
  /** The vendor refused the grant itself (invalid_grant, denied code, revoked refresh token). */
  Refused = 'refused',
  /** The vendor answered something the adapter cannot read, or a webhook failed its signature check. */
  InvalidResponse = 'invalid_response',
}

/** A vendor call that failed; no token or body is ever part of the message. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
