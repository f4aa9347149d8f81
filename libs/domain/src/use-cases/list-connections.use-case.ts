import { ConnectionAuthority, resolveConnectionAuthority } from '../connections/connection-authority';
import { Connection } from '../connections/connection';
import { readRedirect } from '../connections/connection-redirect';
import { CONNECTION_TICKET_TTL_MS, ConnectionTicket } from '../connections/connection-ticket';
import { ProviderDirectory } from '../connections/provider-directory';
import { Clock } from '../ports/clock';
import { ConnectionRepository } from '../ports/connection-repository';
import { ConnectionTicketSigner } from '../ports/connection-ticket-signer';
import { ProfileRepository } from '../ports/profile-repository';
import { Source } from '../records/activity-records';

export interface ListConnectionsInput {
  readonly authority: ConnectionAuthority;
  readonly profileId: string | null;
  /** undefined: the ticket's choice (none with a bearer). */
  readonly redirect?: string | null;
  readonly redirectOnError?: boolean;
}

export interface ConnectionListing {
  readonly appId: string;
  readonly profileId: string;
  /** Every connectable source in the contract's order, with its connection when one exists. */
  readonly sources: ReadonlyArray<{ readonly source: Source; readonly connection: Connection | null }>;
  /** Signed ticket the connect links carry (a browser following them has no bearer). */
  readonly ticket: string;
  readonly ticketExpiresAt: Date;
}

/**
 * GET profile/{id}/connections/ and the widget page: every source the server connects to with
 * the profile's connection state, and a signed ticket for the connect links (reading writes nothing:
 * the attempt starts only when a link is followed).
 */
export class ListConnectionsUseCase {
  constructor(
    private readonly directory: ProviderDirectory,
    private readonly profiles: ProfileRepository,
    private readonly connections: ConnectionRepository,
    private readonly signer: ConnectionTicketSigner,
    private readonly clock: Clock,
  ) {}

  async execute(input: ListConnectionsInput): Promise<ConnectionListing> {
    const explicitRedirect = input.redirect === undefined ? undefined : readRedirect(input.redirect);
    const { appId, profileId, ticket: given } = await resolveConnectionAuthority(input.authority, input.profileId, {
      profiles: this.profiles, signer: this.signer, clock: this.clock,
    });
    const stored = new Map((await this.connections.listForProfile(appId, profileId)).map((c) => [c.source, c]));
    const ticket: ConnectionTicket = given ?? {
      appId, profileId, redirect: explicitRedirect ?? null, redirectOnError: input.redirectOnError ?? false,
      expiresAt: new Date(this.clock.now().getTime() + CONNECTION_TICKET_TTL_MS),
    };
    return {
      appId, profileId,
      sources: this.directory.sources.map((source) => ({ source, connection: stored.get(source) ?? null })),
      ticket: this.signer.sign(ticket),
      ticketExpiresAt: ticket.expiresAt,
    };
  }
}
