import { AdminToken, AdminTokenRepository } from '@strive/domain';
import { DataSource, LessThanOrEqual, Repository } from 'typeorm';
import { AdminTokenEntity } from '../entities';

export class TypeOrmAdminTokenRepository implements AdminTokenRepository {
  private readonly rows: Repository<AdminTokenEntity>;

  constructor(dataSource: DataSource) {
    this.rows = dataSource.getRepository(AdminTokenEntity);
  }

  async save(token: AdminToken): Promise<void> {
    await this.rows.insert({ tokenDigest: token.digest, appId: token.appId, expiresAt: token.expiresAt });
  }

  async findByDigest(digest: string): Promise<AdminToken | null> {
    const row = await this.rows.findOneBy({ tokenDigest: digest });
    return row && { digest: row.tokenDigest, appId: row.appId, expiresAt: row.expiresAt };
  }

  async deleteExpired(instant: Date): Promise<number> {
    const result = await this.rows.delete({ expiresAt: LessThanOrEqual(instant) });
    return result.affected ?? 0;
  }

  async deleteForApp(appId: string): Promise<number> {
    const result = await this.rows.delete({ appId });
    return result.affected ?? 0;
  }
}
