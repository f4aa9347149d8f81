import { assertProfileAccess } from '../identity/access-policy';
import { Principal } from '../identity/principal';
import { requireProfile } from '../membership/lookups';
import { Clock } from '../ports/clock';
import { ConnectionTicketSigner } from '../ports/connection-ticket-signer';
import { ProfileRepository } from '../ports/profile-repository';
import { ConnectionError, ConnectionErrorCode } from './connection-error';
import { ConnectionTicket } from './connection-ticket';

/** Who manages a profile's connections: a bearer (the API), or a ticket (the widget page, connect links). */
export type ConnectionAuthority = { readonly principal: Principal } | { readonly ticket: string };

/** The profile the caller may manage: the profile's own bearer or its app's administrator, or a valid ticket. */
export async function resolveConnectionAuthority(
  authority: ConnectionAuthority,
  profileId: string | null,
  ports: { readonly profiles: ProfileRepository; readonly signer: ConnectionTicketSigner; readonly clock: Clock },
): Promise<{ appId: string; profileId: string; ticket: ConnectionTicket | null }> {
  if ('principal' in authority) {
    const profile = await requireProfile(ports.profiles, authority.principal.appId, profileId ?? '');
    assertProfileAccess(authority.principal, profile.id, true);
    return { appId: profile.appId, profileId: profile.id, ticket: null };
  }
  const ticket = readTicket(ports.signer, authority.ticket, ports.clock.now());
  // A deleted profile's tickets die with it.
  const profile = await requireProfile(ports.profiles, ticket.appId, ticket.profileId);
  return { appId: profile.appId, profileId: profile.id, ticket };
}

export function readTicket(signer: ConnectionTicketSigner, text: string, now: Date): ConnectionTicket {
  const ticket = text.length <= 2048 ? signer.verify(text) : null;
  if (ticket === null) throw new ConnectionError(ConnectionErrorCode.InvalidTicket, 'The ticket is not valid.');
  if (ticket.expiresAt.getTime() <= now.getTime()) {
    throw new ConnectionError(ConnectionErrorCode.InvalidTicket, 'The ticket has expired; ask the app for a new connection page.');
  }
  return ticket;
}
