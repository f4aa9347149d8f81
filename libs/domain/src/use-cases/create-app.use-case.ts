import { App, ClientCredentials } from '../identity/app';
import { AppRepository } from '../ports/app-repository';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { TokenGenerator } from '../ports/token-generator';

export interface CreateAppInput {
  readonly name: string;
  /** Given by an operator (BOOTSTRAP_*); generated when absent. */
  readonly credentials?: ClientCredentials;
}

export interface CreatedApp {
  readonly app: App;
  /** Shown once: only the secret's digest is stored. */
  readonly credentials: ClientCredentials;
}

/** Creates a client app with its credentials. */
export class CreateAppUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly tokens: TokenGenerator,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateAppInput): Promise<CreatedApp> {
    const credentials = input.credentials ?? {
      clientId: this.tokens.newIdentifier(),
      clientSecret: this.tokens.newSecret(),
    };
    const app: App = {
      id: this.ids.uuid(),
      name: input.name,
      clientId: credentials.clientId,
      clientSecretDigest: this.tokens.digest(credentials.clientSecret),
      createdAt: this.clock.now(),
    };
    await this.apps.save(app);
    return { app, credentials };
  }
}
