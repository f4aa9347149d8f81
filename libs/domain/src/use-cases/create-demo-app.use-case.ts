import { AppRepository } from '../ports/app-repository';
import { CreateAppUseCase, CreatedApp } from './create-app.use-case';

export const DEMO_APP_NAME = 'Demo app';

/** On a first start with no app at all, creates one so a newcomer has something to call. */
export class CreateDemoAppUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly createApp: CreateAppUseCase,
  ) {}

  /** The new demo app and its credentials, or null when any app exists already. */
  async execute(): Promise<CreatedApp | null> {
    if ((await this.apps.count()) > 0) return null;
    return this.createApp.execute({ name: DEMO_APP_NAME });
  }
}
