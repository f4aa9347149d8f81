/** How long a widget page or a connect link stays usable after it was handed out. */
export const CONNECTION_TICKET_TTL_MS = 30 * 60 * 1000;

/**
 * What a widget URL and the connect links of the connections list carry instead of a bearer (a
 * browser opening them has none): a short-lived, signed claim that the app's backend, holding the
 * profile's bearer, let this person manage this profile's connections. Signed by the host
 * (ConnectionTicketSigner); a forged or expired ticket is refused.
 */
export interface ConnectionTicket {
  readonly appId: string;
  readonly profileId: string;
  /** Where the person goes after connecting (null: Strive's own result page). */
  readonly redirect: string | null;
  readonly redirectOnError: boolean;
  readonly expiresAt: Date;
}
