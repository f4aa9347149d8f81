import { ShopSettingsRepository } from '@strive/domain';
import { Db } from '../shared/db';

/** app_shop: one shop URL template per app. */
export class TypeOrmShopSettingsRepository implements ShopSettingsRepository {
  constructor(private readonly dataSource: Db) {}

  async findTemplate(appId: string): Promise<string | null> {
    const [row] = await this.dataSource.query('SELECT url_template FROM app_shop WHERE app_id = $1', [appId]);
    return row ? row.url_template : null;
  }

  async saveTemplate(appId: string, template: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO app_shop (app_id, url_template) VALUES ($1, $2)
       ON CONFLICT (app_id) DO UPDATE SET url_template = EXCLUDED.url_template, updated_at = now()`,
      [appId, template],
    );
  }
}
