import { AppFeature, AppFeatureRepository } from '@strive/domain';
import { Db } from '../shared/db';

/** The app_feature table: one row per granted (app, feature). */
export class TypeOrmAppFeatureRepository implements AppFeatureRepository {
  constructor(private readonly db: Db) {}

  async isGranted(appId: string, feature: AppFeature): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM app_feature WHERE app_id = $1 AND feature = $2', [appId, feature]);
    return rows.length > 0;
  }

  async grant(appId: string, feature: AppFeature, at: Date): Promise<boolean> {
    const [{ n }]: { n: number }[] = await this.db.query(
      `WITH added AS (INSERT INTO app_feature (app_id, feature, granted_at) VALUES ($1, $2, $3) ON CONFLICT (app_id, feature) DO NOTHING RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      [appId, feature, at.toISOString()],
    );
    return n > 0;
  }

  async revoke(appId: string, feature: AppFeature): Promise<boolean> {
    // Counted in a SELECT: TypeORM answers a bare DELETE with [rows, affected] on PostgreSQL.
    const [{ n }]: { n: number }[] = await this.db.query(
      'WITH removed AS (DELETE FROM app_feature WHERE app_id = $1 AND feature = $2 RETURNING 1) SELECT count(*)::int AS n FROM removed',
      [appId, feature],
    );
    return n > 0;
  }
}
