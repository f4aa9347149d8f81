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
    const rows: unknown[] = await this.db.query(
      'INSERT INTO app_feature (app_id, feature, granted_at) VALUES ($1, $2, $3) ON CONFLICT (app_id, feature) DO NOTHING RETURNING 1',
      [appId, feature, at.toISOString()],
    );
    return rows.length > 0;
  }

  async revoke(appId: string, feature: AppFeature): Promise<boolean> {
    const rows: unknown[] = await this.db.query('DELETE FROM app_feature WHERE app_id = $1 AND feature = $2 RETURNING 1', [appId, feature]);
    return rows.length > 0;
  }
}
