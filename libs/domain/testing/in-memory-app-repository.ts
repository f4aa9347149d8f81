import { App } from '../src/identity/app';
import { AppRepository } from '../src/ports/app-repository';

export class InMemoryAppRepository implements AppRepository {
  readonly apps = new Map<string, App>();

  async findByClientId(clientId: string): Promise<App | null> {
    return [...this.apps.values()].find((app) => app.clientId === clientId) ?? null;
  }

  async count(): Promise<number> {
    return this.apps.size;
  }

  async save(app: App): Promise<void> {
    this.apps.set(app.id, app);
  }

  async list(): Promise<App[]> {
    return [...this.apps.values()].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  }

  /** The twin holds apps only; what an app owns lives in the other twins' maps. */
  async delete(appId: string): Promise<void> {
    this.apps.delete(appId);
  }
}
