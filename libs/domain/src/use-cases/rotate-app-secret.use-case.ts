import { ClientCredentials } from '../identity/app';
import { IdentityError } from '../identity/identity-error';
import { AdminTokenRepository } from '../ports/admin-token-repository';
import { AppRepository } from '../ports/app-repository';
import { TokenGenerator } from '../ports/token-generator';

/**
 * Gives an app a new client secret, shown once; the old one stops working at once, and so do
 * the admin tokens issued with it (a rotation is usually a leak being contained).
 */
export class RotateAppSecretUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly adminTokens: AdminTokenRepository,
    private readonly tokens: TokenGenerator,
  ) {}

  async execute(input: { readonly clientId: string }): Promise<ClientCredentials> {
    const app = await this.apps.findByClientId(input.clientId);
    if (!app) throw IdentityError.appNotFound(input.clientId);
    const clientSecret = this.tokens.newSecret();
    await this.apps.save({ ...app, clientSecretDigest: this.tokens.digest(clientSecret) });
    await this.adminTokens.deleteForApp(app.id);
    return { clientId: app.clientId, clientSecret };
  }
}
