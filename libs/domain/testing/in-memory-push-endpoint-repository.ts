import { PushEndpoint } from '../src/delivery/push-endpoint';
import { PushEndpointRepository } from '../src/ports/push-endpoint-repository';

/** Endpoints keyed by app and id, listed oldest first. */
export class InMemoryPushEndpointRepository implements PushEndpointRepository {
  private readonly rows = new Map<string, PushEndpoint>();

  async list(appId: string): Promise<PushEndpoint[]> {
    return [...this.rows.values()]
      .filter((e) => e.appId === appId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  async find(appId: string, id: string): Promise<PushEndpoint | null> {
    return this.rows.get(`${appId}/${id}`) ?? null;
  }

  async save(endpoint: PushEndpoint): Promise<void> {
    this.rows.set(`${endpoint.appId}/${endpoint.id}`, endpoint);
  }

  async delete(appId: string, id: string): Promise<boolean> {
    return this.rows.delete(`${appId}/${id}`);
  }
}
