import { IdentityError, IdentityErrorCode } from '../identity/identity-error';
import { Principal } from '../identity/principal';
import { PrincipalCache } from '../identity/principal-cache';
import { AdminTokenRepository } from '../ports/admin-token-repository';
import { Clock } from '../ports/clock';
import { ProfileRepository } from '../ports/profile-repository';
import { TokenGenerator } from '../ports/token-generator';

/**
 * Resolves a bearer to the administrator or profile it stands for. A successful lookup may be
 * reused from `cache` (until revoked, see PrincipalCache); an administrator bearer's expiry is
 * checked on every use.
 */
export class AuthenticateBearerUseCase {
  constructor(
    private readonly adminTokens: Pick<AdminTokenRepository, 'findByDigest'>,
    private readonly profiles: Pick<ProfileRepository, 'findByBearerDigest'>,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
    private readonly cache: PrincipalCache = new PrincipalCache(0),
  ) {}

  /**
   * The bearer's principal when the cache answers for it, without waiting (most requests of an
   * app's returning users); null when `execute` has to look it up. Throws as `execute` does for an
   * expired administrator bearer.
   */
  cached(bearer: string): Principal | null {
    return this.fromCache(this.tokens.digest(bearer), this.clock.now().getTime());
  }

  async execute(bearer: string): Promise<Principal> {
    const digest = this.tokens.digest(bearer);
    const now = this.clock.now().getTime();
    const cached = this.fromCache(digest, now);
    if (cached) return cached;
    const generation = this.cache.generation;
    // Profiles first: an app has many more of them (each user's phone) than administrator bearers,
    // so most lookups take one query. A profile bearer lives as long as its profile: a deleted
    // profile's bearer finds nothing.
    const profile = await this.profiles.findByBearerDigest(digest);
    if (profile) {
      const principal: Principal = { kind: 'profile', appId: profile.appId, profileId: profile.id };
      this.cache.set(digest, principal, now, null, generation);
      return principal;
    }
    const admin = await this.adminTokens.findByDigest(digest);
    if (admin) {
      if (admin.expiresAt.getTime() <= this.clock.now().getTime()) throw AuthenticateBearerUseCase.expired();
      const principal: Principal = { kind: 'admin', appId: admin.appId };
      this.cache.set(digest, principal, now, admin.expiresAt.getTime(), generation);
      return principal;
    }
    throw new IdentityError(IdentityErrorCode.InvalidToken, 'Unknown bearer.');
  }

  private fromCache(digest: string, now: number): Principal | null {
    const cached = this.cache.get(digest, now);
    if (!cached) return null;
    if (cached.tokenExpiresAt !== null && cached.tokenExpiresAt <= now) {
      this.cache.revoke(digest);
      throw AuthenticateBearerUseCase.expired();
    }
    return cached.principal;
  }

  private static expired(): IdentityError {
    return new IdentityError(IdentityErrorCode.InvalidToken, 'The administrator bearer has expired; request a new one.');
  }
}
