import { ConnectionAuthority, resolveConnectionAuthority } from '../connections/connection-authority';
import { ConnectionMoves } from '../connections/connection';
import { ConnectionError, ConnectionErrorCode } from '../connections/connection-error';
import { ProviderDirectory } from '../connections/provider-directory';
import { openGrant } from '../connections/sealed-grant';
import { Clock } from '../ports/clock';
import { ConnectionRepository } from '../ports/connection-repository';
import { ConnectionTicketSigner } from '../ports/connection-ticket-signer';
import { ProviderError, ProviderGrant } from '../ports/data-provider';
import { ProfileRepository } from '../ports/profile-repository';
import { TokenCipher } from '../ports/token-cipher';

export interface DisconnectConnectionInput {
  readonly authority: ConnectionAuthority;
  readonly slug: string;
  readonly profileId: string | null;
}

/**
 * DELETE connection/{slug}/connect/: tells the vendor (token revocation, deregistration), then
 * drops the tokens; the connection is disconnected. A vendor that cannot be reached does not keep
 * the person connected: the local tokens go anyway (docs/decisions.md "Disconnect").
 */
export class DisconnectConnectionUseCase {
  constructor(
    private readonly directory: ProviderDirectory,
    private readonly profiles: ProfileRepository,
    private readonly connections: ConnectionRepository,
    private readonly signer: ConnectionTicketSigner,
    private readonly cipher: TokenCipher,
    private readonly clock: Clock,
  ) {}

  async execute(input: DisconnectConnectionInput): Promise<{ vendorRevoked: boolean }> {
    const provider = this.directory.require(input.slug);
    const { appId, profileId } = await resolveConnectionAuthority(input.authority, input.profileId, {
      profiles: this.profiles, signer: this.signer, clock: this.clock,
    });
    const connection = await this.connections.find(appId, profileId, provider.source);
    if (connection === null || connection.state === 'disconnected') {
      throw new ConnectionError(ConnectionErrorCode.NotFound, `Profile ${profileId} has no ${input.slug} connection.`);
    }
    const disconnected = ConnectionMoves.disconnect(connection, this.clock.now());
    let vendorRevoked = false;
    const grant = connection.sealedGrant === null ? null : readableGrant(this.cipher, connection.sealedGrant);
    if (grant !== null) {
      try {
        await provider.revoke(grant);
        vendorRevoked = true;
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
      }
    }
    await this.connections.save(disconnected);
    return { vendorRevoked };
  }
}

/** The grant, or null when it cannot be opened (sealed under another key, damaged): the person can still disconnect. */
function readableGrant(cipher: TokenCipher, sealed: string): ProviderGrant | null {
  try {
    return openGrant(cipher, sealed);
  } catch {
    return null;
  }
}
