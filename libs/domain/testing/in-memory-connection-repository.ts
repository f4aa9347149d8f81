import { canSync, Connection } from '../src/connections/connection';
import { ConnectionRepository } from '../src/ports/connection-repository';
import { Source } from '../src/records/activity-records';

/** Connections in a map by id; lookups as the SQL adapter answers them. */
export class InMemoryConnectionRepository implements ConnectionRepository {
  readonly rows = new Map<string, Connection>();

  async find(appId: string, profileId: string, source: Source): Promise<Connection | null> {
    return [...this.rows.values()].find((c) => c.appId === appId && c.profileId === profileId && c.source === source) ?? null;
  }

  async findById(appId: string, id: string): Promise<Connection | null> {
    const row = this.rows.get(id);
    return row && row.appId === appId ? row : null;
  }

  async listForProfile(appId: string, profileId: string): Promise<Connection[]> {
    return [...this.rows.values()].filter((c) => c.appId === appId && c.profileId === profileId);
  }

  async listByVendorUser(source: Source, vendorUserId: string): Promise<Connection[]> {
    return [...this.rows.values()].filter((c) => c.source === source && c.vendorUserId === vendorUserId);
  }

  async listDueForSync(syncedBefore: Date, limit: number): Promise<Connection[]> {
    const time = (c: Connection) => c.lastSyncAt?.getTime() ?? -Infinity;
    return [...this.rows.values()]
      .filter((c) => canSync(c) && (c.lastSyncAt === null || c.lastSyncAt.getTime() < syncedBefore.getTime()))
      .sort((a, b) => time(a) - time(b) || (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }

  async saveIfUnchanged(connection: Connection, previous: Connection): Promise<boolean> {
    const current = this.rows.get(connection.id);
    if (!current || current.updatedAt.getTime() !== previous.updatedAt.getTime()) return false;
    this.rows.set(connection.id, connection);
    return true;
  }

  async save(connection: Connection): Promise<void> {
    const clash = await this.find(connection.appId, connection.profileId, connection.source);
    if (clash && clash.id !== connection.id) throw new Error('duplicate (app, profile, source)');
    this.rows.set(connection.id, connection);
  }
}
