import { Connection } from '../connections/connection';
import { Source } from '../records/activity-records';

/** Connections, always looked up inside their app. */
export interface ConnectionRepository {
  find(appId: string, profileId: string, source: Source): Promise<Connection | null>;
  findById(appId: string, id: string): Promise<Connection | null>;
  listForProfile(appId: string, profileId: string): Promise<Connection[]>;
  /** Every connection, in any app, of this vendor account (vendor notifications name only it). */
  listByVendorUser(source: Source, vendorUserId: string): Promise<Connection[]>;
  /**
   * Connections that can sync and last synced before `syncedBefore` (or never), oldest first,
   * at most `limit` (the periodic scheduler).
   */
  listDueForSync(syncedBefore: Date, limit: number): Promise<Connection[]>;
  /** Inserts or replaces by id. */
  save(connection: Connection): Promise<void>;
  /**
   * Replaces the connection only when nobody saved it since `previous` was read (same
   * updatedAt); false otherwise. A long sync uses it, so that a disconnect, a reconnect or a
   * revocation saved meanwhile is never overwritten by the sync's older copy.
   */
  saveIfUnchanged(connection: Connection, previous: Connection): Promise<boolean>;
}
