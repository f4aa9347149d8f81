import { ConnectionAuthority, resolveConnectionAuthority } from '../connections/connection-authority';
import { ConnectionMoves, newConnection } from '../connections/connection';
import { CONNECTION_ATTEMPT_TTL_MS, ConnectionAttempt, MAX_OPEN_ATTEMPTS_PER_PROFILE } from '../connections/connection-attempt';
import { readRedirect } from '../connections/connection-redirect';
import { ProviderDirectory } from '../connections/provider-directory';
import { Clock } from '../ports/clock';
import { ConnectionAttemptRepository } from '../ports/connection-attempt-repository';
import { ConnectionRepository } from '../ports/connection-repository';
import { ConnectionTicketSigner } from '../ports/connection-ticket-signer';
import { IdGenerator } from '../ports/id-generator';
import { PkceChallenger } from '../ports/pkce-challenger';
import { ProfileRepository } from '../ports/profile-repository';
import { TokenGenerator } from '../ports/token-generator';

export interface StartConnectionInput {
  readonly authority: ConnectionAuthority;
  readonly slug: string;
  /** With a bearer: the profile to connect (a ticket names its own). */
  readonly profileId: string | null;
  /** undefined: the ticket's choice (or none with a bearer). */
  readonly redirect?: string | null;
  readonly redirectOnError?: boolean;
  /** Strive's OAuth callback URL for this slug, as the vendor must call it. */
  readonly callbackUrl: string;
}

/**
 * POST connection/{slug}/connect/ and the connect links: checks the caller and the redirect, marks
 * the connection pending (a new one) and starts an attempt whose random `state` and PKCE verifier
 * the callback needs; answers the vendor's consent page.
 */
export class StartConnectionUseCase {
  constructor(
    private readonly directory: ProviderDirectory,
    private readonly profiles: ProfileRepository,
    private readonly connections: ConnectionRepository,
    private readonly attempts: ConnectionAttemptRepository,
    private readonly signer: ConnectionTicketSigner,
    private readonly tokens: TokenGenerator,
    private readonly pkce: PkceChallenger,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartConnectionInput): Promise<{ url: string }> {
    const provider = this.directory.require(input.slug);
    const explicitRedirect = input.redirect === undefined ? undefined : readRedirect(input.redirect);
    const { appId, profileId, ticket } = await resolveConnectionAuthority(input.authority, input.profileId, {
      profiles: this.profiles, signer: this.signer, clock: this.clock,
    });
    const redirect = explicitRedirect !== undefined ? explicitRedirect : (ticket?.redirect ?? null);
    const redirectOnError = input.redirectOnError ?? ticket?.redirectOnError ?? false;
    const now = this.clock.now();

    const existing = await this.connections.find(appId, profileId, provider.source);
    const connection = existing
      ? ConnectionMoves.begin(existing, now)
      : newConnection({ id: this.ids.uuid(), appId, profileId, source: provider.source }, now);
    if (connection !== existing) await this.connections.save(connection);

    const state = this.tokens.newSecret();
    const codeVerifier = this.tokens.newSecret();
    const attempt: ConnectionAttempt = {
      stateDigest: this.tokens.digest(state), appId, profileId, source: provider.source, codeVerifier, redirectUri: input.callbackUrl,
      redirect, redirectOnError, createdAt: now, expiresAt: new Date(now.getTime() + CONNECTION_ATTEMPT_TTL_MS),
    };
    await this.attempts.save(attempt, MAX_OPEN_ATTEMPTS_PER_PROFILE);
    const url = provider.authorizationUrl({ state, codeChallenge: this.pkce.challengeOf(codeVerifier), redirectUri: input.callbackUrl });
    return { url: url.toString() };
  }
}
