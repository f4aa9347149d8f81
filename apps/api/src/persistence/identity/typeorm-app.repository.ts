import { App, AppRepository } from '@strive/domain';
import { DataSource, Repository } from 'typeorm';
import { AppEntity } from '../entities';
import { inTransaction } from '../shared/db';

export class TypeOrmAppRepository implements AppRepository {
  private readonly rows: Repository<AppEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(AppEntity);
  }

  async findByClientId(clientId: string): Promise<App | null> {
    return this.rows.findOneBy({ clientId });
  }

  async count(): Promise<number> {
    return this.rows.count();
  }

  async save(app: App): Promise<void> {
    await this.rows.upsert({ ...app }, ['id']);
  }

  async list(): Promise<App[]> {
    return this.rows.find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * One transaction: every row of every table with an app_id column (found in the catalog, so a
   * table added later is covered too; jobs and outbox events have no foreign key to app), then
   * the app itself.
   */
  async delete(appId: string): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      const tables: { table_name: string }[] = await manager.query(
        `SELECT c.table_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
         WHERE c.table_schema = current_schema() AND c.column_name = 'app_id' AND c.table_name <> 'app' ORDER BY c.table_name`,
      );
      for (const { table_name } of tables) await manager.query(`DELETE FROM "${table_name}" WHERE app_id = $1`, [appId]);
      await manager.query('DELETE FROM app WHERE id = $1', [appId]);
    });
  }
}
