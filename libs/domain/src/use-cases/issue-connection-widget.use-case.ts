import { assertProfileAccess } from '../identity/access-policy';
import { Principal } from '../identity/principal';
import { requireProfile } from '../membership/lookups';
import { readRedirect } from '../connections/connection-redirect';
import { CONNECTION_TICKET_TTL_MS } from '../connections/connection-ticket';
import { Clock } from '../ports/clock';
import { ConnectionTicketSigner } from '../ports/connection-ticket-signer';
import { ProfileRepository } from '../ports/profile-repository';

export interface IssueConnectionWidgetInput {
  readonly principal: Principal;
  readonly profileId: string;
  readonly redirect?: string | null;
  readonly redirectOnError?: boolean;
}

/**
 * GET profile/{id}/connection_widget/: a signed ticket for the widget page of this profile, valid
 * CONNECTION_TICKET_TTL_MS (the app opens the page in a browser or web view right away).
 */
export class IssueConnectionWidgetUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly signer: ConnectionTicketSigner,
    private readonly clock: Clock,
  ) {}

  async execute(input: IssueConnectionWidgetInput): Promise<{ ticket: string; expiresAt: Date }> {
    const redirect = readRedirect(input.redirect);
    const profile = await requireProfile(this.profiles, input.principal.appId, input.profileId);
    assertProfileAccess(input.principal, profile.id, true);
    const expiresAt = new Date(this.clock.now().getTime() + CONNECTION_TICKET_TTL_MS);
    const ticket = this.signer.sign({ appId: profile.appId, profileId: profile.id, redirect, redirectOnError: input.redirectOnError ?? false, expiresAt });
    return { ticket, expiresAt };
  }
}
