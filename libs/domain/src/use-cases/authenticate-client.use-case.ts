import { App, ClientCredentials } from '../identity/app';
import { IdentityError, IdentityErrorCode } from '../identity/identity-error';
import { AppRepository } from '../ports/app-repository';
import { TokenGenerator } from '../ports/token-generator';

/** Checks an app's client credentials (the Basic scheme of POST /token/). */
export class AuthenticateClientUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly tokens: TokenGenerator,
  ) {}

  async execute(credentials: ClientCredentials): Promise<App> {
    const app = await this.apps.findByClientId(credentials.clientId);
    if (!app || app.clientSecretDigest !== this.tokens.digest(credentials.clientSecret)) {
      throw new IdentityError(IdentityErrorCode.InvalidCredentials, 'Unknown client id or wrong client secret.');
    }
    return app;
  }
}
