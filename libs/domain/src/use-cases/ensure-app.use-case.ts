import { App, ClientCredentials } from '../identity/app';
import { AppRepository } from '../ports/app-repository';
import { TokenGenerator } from '../ports/token-generator';
import { CreateAppUseCase } from './create-app.use-case';

export interface EnsureAppInput {
  readonly name: string;
  readonly credentials: ClientCredentials;
}

/**
 * Makes sure an app with exactly these credentials exists (deployments, tests).
 * Idempotent: a second run changes nothing; a changed secret replaces the old one.
 */
export class EnsureAppUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly tokens: TokenGenerator,
    private readonly createApp: CreateAppUseCase,
  ) {}

  async execute(input: EnsureAppInput): Promise<App> {
    const existing = await this.apps.findByClientId(input.credentials.clientId);
    if (!existing) {
      return (await this.createApp.execute(input)).app;
    }
    const digest = this.tokens.digest(input.credentials.clientSecret);
    if (existing.clientSecretDigest === digest && existing.name === input.name) {
      return existing;
    }
    const updated: App = { ...existing, name: input.name, clientSecretDigest: digest };
    await this.apps.save(updated);
    return updated;
  }
}
