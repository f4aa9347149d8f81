import { App } from '../identity/app';
import { AppRepository } from '../ports/app-repository';

/** Every app of the deployment, oldest first (operators' `app list`). */
export class ListAppsUseCase {
  constructor(private readonly apps: AppRepository) {}

  execute(): Promise<App[]> {
    return this.apps.list();
  }
}
