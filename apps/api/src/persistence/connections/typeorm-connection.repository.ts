import { Connection, ConnectionRepository, ConnectionState, Source, SyncState } from '@strive/domain';
import { Db, Row, toDate, toDateOrNull } from '../shared/db';

const COLUMNS =
  'app_id, id, profile_id, source, state, vendor_user_id, sealed_grant, token_expires_at, sync_state, last_sync_at, synced_until, last_error, created_at, updated_at';

function toConnection(row: Row): Connection {
  return {
    appId: row.app_id as string, id: row.id as string, profileId: row.profile_id as string, source: row.source as Source,
    state: row.state as ConnectionState, vendorUserId: (row.vendor_user_id as string | null) ?? null, sealedGrant: (row.sealed_grant as string | null) ?? null,
    tokenExpiresAt: toDateOrNull(row.token_expires_at), syncState: row.sync_state as SyncState, lastSyncAt: toDateOrNull(row.last_sync_at),
    syncedUntil: toDateOrNull(row.synced_until), lastError: (row.last_error as string | null) ?? null, createdAt: toDate(row.created_at),
    updatedAt: toDate(row.updated_at),
  };
}

/** Connections in the connection table (hand-written SQL: every query names app_id first, or the vendor index). */
export class TypeOrmConnectionRepository implements ConnectionRepository {
  constructor(private readonly db: Db) {}

  async find(appId: string, profileId: string, source: Source): Promise<Connection | null> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM connection WHERE app_id = $1 AND profile_id = $2 AND source = $3`, [appId, profileId, source]);
    return rows.length > 0 ? toConnection(rows[0]) : null;
  }

  async findById(appId: string, id: string): Promise<Connection | null> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM connection WHERE app_id = $1 AND id = $2`, [appId, id]);
    return rows.length > 0 ? toConnection(rows[0]) : null;
  }

  async listForProfile(appId: string, profileId: string): Promise<Connection[]> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM connection WHERE app_id = $1 AND profile_id = $2 ORDER BY source`, [appId, profileId]);
    return rows.map(toConnection);
  }

  async listByVendorUser(source: Source, vendorUserId: string): Promise<Connection[]> {
    const rows: Row[] = await this.db.query(
      `SELECT ${COLUMNS} FROM connection WHERE source = $1 AND vendor_user_id = $2 ORDER BY app_id, id`,
      [source, vendorUserId],
    );
    return rows.map(toConnection);
  }

  async listDueForSync(syncedBefore: Date, limit: number): Promise<Connection[]> {
    const rows: Row[] = await this.db.query(
      `SELECT ${COLUMNS} FROM connection
       WHERE state IN ('connected', 'error') AND sealed_grant IS NOT NULL AND (last_sync_at IS NULL OR last_sync_at < $1)
       ORDER BY last_sync_at NULLS FIRST, id LIMIT $2`,
      [syncedBefore, limit],
    );
    return rows.map(toConnection);
  }

  async saveIfUnchanged(c: Connection, previous: Connection): Promise<boolean> {
    const rows: Row[] = await this.db.query(
      `WITH changed AS (
         UPDATE connection SET state = $3, vendor_user_id = $4, sealed_grant = $5, token_expires_at = $6, sync_state = $7, last_sync_at = $8,
           synced_until = $9, last_error = $10, updated_at = $11
         WHERE app_id = $1 AND id = $2 AND updated_at = $12 RETURNING 1)
       SELECT count(*)::int AS n FROM changed`,
      [c.appId, c.id, c.state, c.vendorUserId, c.sealedGrant, c.tokenExpiresAt, c.syncState, c.lastSyncAt, c.syncedUntil, c.lastError, c.updatedAt, previous.updatedAt],
    );
    return Number(rows[0].n) === 1;
  }

  async save(c: Connection): Promise<void> {
    await this.db.query(
      `INSERT INTO connection (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (app_id, id) DO UPDATE SET state = EXCLUDED.state, vendor_user_id = EXCLUDED.vendor_user_id,
         sealed_grant = EXCLUDED.sealed_grant, token_expires_at = EXCLUDED.token_expires_at, sync_state = EXCLUDED.sync_state,
         last_sync_at = EXCLUDED.last_sync_at, synced_until = EXCLUDED.synced_until, last_error = EXCLUDED.last_error,
         updated_at = EXCLUDED.updated_at`,
      [
        c.appId, c.id, c.profileId, c.source, c.state, c.vendorUserId, c.sealedGrant, c.tokenExpiresAt, c.syncState, c.lastSyncAt, c.syncedUntil,
        c.lastError, c.createdAt, c.updatedAt,
      ],
    );
  }
}
