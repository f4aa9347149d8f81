import { App, AppRepository } from '@strive/domain';
import { DataSource, Repository } from 'typeorm';
import { AppEntity } from '../entities';

export class TypeOrmAppRepository implements AppRepository {
  private readonly rows: Repository<AppEntity>;

  constructor(dataSource: DataSource) {
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
}
