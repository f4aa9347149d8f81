import { ADMIN_TOKEN_LIFETIME_SECONDS, IssuedAdminToken } from '../identity/access-token';
import { AdminTokenRepository } from '../ports/admin-token-repository';
import { Clock } from '../ports/clock';
import { TokenGenerator } from '../ports/token-generator';

/** Issues an administrator bearer, valid 24 hours, to an authenticated app. */
export class IssueAdminTokenUseCase {
  constructor(
    private readonly adminTokens: AdminTokenRepository,
    private readonly tokens: TokenGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(appId: string): Promise<IssuedAdminToken> {
    const now = this.clock.now();
    const accessToken = this.tokens.newSecret();
    const expiresAt = new Date(now.getTime() + ADMIN_TOKEN_LIFETIME_SECONDS * 1000);
    // Housekeeping on the (rare) issuing path keeps the token table small without a job.
    await this.adminTokens.deleteExpired(now);
    await this.adminTokens.save({ digest: this.tokens.digest(accessToken), appId, expiresAt });
    return { accessToken, expiresIn: ADMIN_TOKEN_LIFETIME_SECONDS, expiresAt };
  }
}
