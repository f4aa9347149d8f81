import { ConnectionTicket } from '../connections/connection-ticket';

/** Signs connection tickets and checks them (docs/connections.md "The widget ticket"). */
export interface ConnectionTicketSigner {
  sign(ticket: ConnectionTicket): string;
  /** The ticket when the text carries a valid signature of this server, else null (expiry is the caller's check). */
  verify(text: string): ConnectionTicket | null;
}
