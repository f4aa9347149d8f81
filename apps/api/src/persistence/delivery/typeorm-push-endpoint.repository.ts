import { PushEndpoint, PushEndpointRepository } from '@strive/domain';
import { atomically, Db, Row } from '../shared/db';
import { PUSH_ENDPOINT_COLUMNS, pushEndpointOf, savePushEndpoint } from './push-endpoint-rows';

export class TypeOrmPushEndpointRepository implements PushEndpointRepository {
  constructor(private readonly db: Db) {}

  async list(appId: string): Promise<PushEndpoint[]> {
    const rows: Row[] = await this.db.query(`SELECT ${PUSH_ENDPOINT_COLUMNS} FROM push_endpoint WHERE app_id = $1 ORDER BY created_at, id`, [appId]);
    return rows.map((row) => pushEndpointOf(row));
  }

  async find(appId: string, id: string): Promise<PushEndpoint | null> {
    const rows: Row[] = await this.db.query(`SELECT ${PUSH_ENDPOINT_COLUMNS} FROM push_endpoint WHERE app_id = $1 AND id = $2`, [appId, id]);
    return rows.length > 0 ? pushEndpointOf(rows[0]) : null;
  }

  save(endpoint: PushEndpoint): Promise<void> {
    return savePushEndpoint(this.db, endpoint);
  }

  delete(appId: string, id: string): Promise<boolean> {
    return atomically(this.db, async (db) => {
      const [{ n }]: { n: number }[] = await db.query(
        'WITH gone AS (DELETE FROM push_endpoint WHERE app_id = $1 AND id = $2 RETURNING id) SELECT count(*)::int AS n FROM gone',
        [appId, id],
      );
      if (n === 0) return false;
      await db.query(
        'DELETE FROM push_attempt a USING push_delivery d WHERE d.app_id = $1 AND d.endpoint_id = $2 AND a.app_id = d.app_id AND a.delivery_id = d.id',
        [appId, id],
      );
      await db.query('DELETE FROM push_delivery WHERE app_id = $1 AND endpoint_id = $2', [appId, id]);
      return true;
    });
  }
}
