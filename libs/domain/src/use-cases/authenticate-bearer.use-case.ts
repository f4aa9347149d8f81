import { IdentityError, IdentityErrorCode } from '../identity/identity-error';
import { Principal } from '../identity/principal';
import { AdminTokenRepository } from '../ports/admin-token-repository';
import { Clock } from '../ports/clock';
import { ProfileRepository } from '../ports/profile-repository';
import { TokenGenerator } from '../ports/token-generator';

/** Resolves a bearer to the administrator or profile it stands for. */
export class AuthenticateBearerUseCase {
  constructor(
    private readonly adminTokens: AdminTokenRepository,
    private readonly profiles: ProfileRepository,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(bearer: string): Promise<Principal> {
    const digest = this.tokens.digest(bearer);
    const admin = await this.adminTokens.findByDigest(digest);
    if (admin) {
      if (admin.expiresAt.getTime() <= this.clock.now().getTime()) {
        throw new IdentityError(IdentityErrorCode.InvalidToken, 'The administrator bearer has expired; request a new one.');
      }
      return { kind: 'admin', appId: admin.appId };
    }
    // A profile bearer lives as long as its profile: a deleted profile's bearer finds nothing.
    const profile = await this.profiles.findByBearerDigest(digest);
    if (profile) {
      return { kind: 'profile', appId: profile.appId, profileId: profile.id };
    }
    throw new IdentityError(IdentityErrorCode.InvalidToken, 'Unknown bearer.');
  }
}
