import { App } from '../identity/app';
import { IdentityError } from '../identity/identity-error';
import { AppRepository } from '../ports/app-repository';

/** Deletes an app with everything it owns; answers what was deleted. */
export class DeleteAppUseCase {
  constructor(private readonly apps: AppRepository) {}

  async execute(input: { readonly clientId: string }): Promise<App> {
    const app = await this.apps.findByClientId(input.clientId);
    if (!app) throw IdentityError.appNotFound(input.clientId);
    await this.apps.delete(app.id);
    return app;
  }
}
