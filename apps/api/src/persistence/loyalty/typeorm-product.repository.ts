import { Product, ProductPage, ProductRepository } from '@strive/domain';
import { Db, toDate } from '../shared/db';

interface ProductRow {
  app_id: string;
  id: string;
  name: string;
  description: string;
  price: number | string;
  currency: string;
  image_url: string | null;
  sku: string;
  active: boolean;
  min_total_points: number | string;
  activity_types: string[];
  challenge_id: string | null;
  created_at: Date | string;
}

const COLUMNS = 'app_id, id, name, description, price, currency, image_url, sku, active, min_total_points, activity_types, challenge_id, created_at';

function toProduct(row: ProductRow): Product {
  return {
    appId: row.app_id, id: row.id, name: row.name, description: row.description, price: Number(row.price), currency: row.currency,
    imageUrl: row.image_url, sku: row.sku, active: row.active, createdAt: toDate(row.created_at),
    rules: { minTotalPoints: Number(row.min_total_points), activityTypes: row.activity_types, challengeId: row.challenge_id },
  };
}

/** loyalty_product: an app's catalogue. */
export class TypeOrmProductRepository implements ProductRepository {
  constructor(private readonly dataSource: Db) {}

  async page(appId: string, limit: number, offset: number): Promise<ProductPage> {
    const rows: ProductRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM loyalty_product WHERE app_id = $1 ORDER BY created_at, id LIMIT $2 OFFSET $3`,
      [appId, limit, offset],
    );
    return { count: await this.count(appId), items: rows.map(toProduct) };
  }

  async listActive(appId: string): Promise<Product[]> {
    const rows: ProductRow[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM loyalty_product WHERE app_id = $1 AND active ORDER BY created_at, id`,
      [appId],
    );
    return rows.map(toProduct);
  }

  async find(appId: string, id: string): Promise<Product | null> {
    const [row]: ProductRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM loyalty_product WHERE app_id = $1 AND id = $2`, [appId, id]);
    return row ? toProduct(row) : null;
  }

  async count(appId: string): Promise<number> {
    const [row] = await this.dataSource.query('SELECT count(*) AS n FROM loyalty_product WHERE app_id = $1', [appId]);
    return Number(row.n);
  }

  async save(product: Product): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO loyalty_product (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text[], $12, $13)
       ON CONFLICT (app_id, id) DO UPDATE SET name = EXCLUDED.name, description = EXCLUDED.description, price = EXCLUDED.price,
         currency = EXCLUDED.currency, image_url = EXCLUDED.image_url, sku = EXCLUDED.sku, active = EXCLUDED.active,
         min_total_points = EXCLUDED.min_total_points, activity_types = EXCLUDED.activity_types, challenge_id = EXCLUDED.challenge_id`,
      [
        product.appId, product.id, product.name, product.description, product.price, product.currency, product.imageUrl, product.sku,
        product.active, product.rules.minTotalPoints, [...product.rules.activityTypes], product.rules.challengeId, product.createdAt.toISOString(),
      ],
    );
  }

  async delete(appId: string, id: string): Promise<boolean> {
    const [row] = await this.dataSource.query(
      'WITH deleted AS (DELETE FROM loyalty_product WHERE app_id = $1 AND id = $2 RETURNING id) SELECT count(*) AS n FROM deleted',
      [appId, id],
    );
    return Number(row.n) > 0;
  }
}
