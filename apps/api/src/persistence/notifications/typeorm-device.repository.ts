import { Device, DevicePageQuery, DevicePlatform, DeviceRepository } from '@strive/domain';
import { atomically, Db, Row, toDate } from '../shared/db';

const COLUMNS = 'id::text AS id, app_id::text AS app_id, profile_id::text AS profile_id, token, platform, registered_at';

function toDevice(row: Row): Device {
  return {
    id: String(row.id),
    appId: String(row.app_id),
    profileId: String(row.profile_id),
    token: String(row.token),
    platform: row.platform as DevicePlatform,
    registeredAt: toDate(row.registered_at),
  };
}

/** (Deletes and updates count through a CTE, so that the driver answers rows as for a SELECT.) */
export class TypeOrmDeviceRepository implements DeviceRepository {
  constructor(private readonly db: Db) {}

  async register(device: Device, keepPerProfile: number): Promise<Device> {
    return atomically(this.db, async (db) => {
      // An upsert: two registrations of one token at once end as one device, never a unique violation.
      const rows: Row[] = await db.query(
        `INSERT INTO device (app_id, id, profile_id, token, platform, registered_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (app_id, token) DO UPDATE SET profile_id = EXCLUDED.profile_id, platform = EXCLUDED.platform, registered_at = EXCLUDED.registered_at
         RETURNING ${COLUMNS}`,
        [device.appId, device.id, device.profileId, device.token, device.platform, device.registeredAt],
      );
      const stored = toDevice(rows[0]);
      await db.query(
        `DELETE FROM device WHERE app_id = $1 AND id IN (
           SELECT id FROM device WHERE app_id = $1 AND profile_id = $2 AND id <> $3 ORDER BY registered_at DESC, id DESC OFFSET $4)`,
        [device.appId, device.profileId, stored.id, keepPerProfile - 1],
      );
      return stored;
    });
  }

  async remove(appId: string, profileId: string, token: string): Promise<boolean> {
    const rows: Row[] = await this.db.query(
      'WITH removed AS (DELETE FROM device WHERE app_id = $1 AND profile_id = $2 AND token = $3 RETURNING id) SELECT count(*)::int AS n FROM removed',
      [appId, profileId, token],
    );
    return Number(rows[0].n) > 0;
  }

  async page(appId: string, query: DevicePageQuery): Promise<Device[]> {
    const params: unknown[] = [appId, query.afterId, query.limit];
    const byProfile = query.profileIds ? `AND profile_id = ANY($${params.push([...query.profileIds])}::uuid[])` : '';
    const rows: Row[] = await this.db.query(
      `SELECT ${COLUMNS} FROM device WHERE app_id = $1 AND ($2::uuid IS NULL OR id > $2::uuid) ${byProfile} ORDER BY id LIMIT $3`,
      params,
    );
    return rows.map(toDevice);
  }

  async removeTokens(appId: string, tokens: readonly string[]): Promise<number> {
    if (tokens.length === 0) return 0;
    const rows: Row[] = await this.db.query(
      'WITH removed AS (DELETE FROM device WHERE app_id = $1 AND token = ANY($2::text[]) RETURNING id) SELECT count(*)::int AS n FROM removed',
      [appId, [...new Set(tokens)]],
    );
    return Number(rows[0].n);
  }
}
