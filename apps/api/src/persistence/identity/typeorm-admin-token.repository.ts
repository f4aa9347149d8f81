import { AdminToken, AdminTokenRepository } from '@strive/domain';
import { DataSource, LessThanOrEqual, Repository } from 'typeorm';
import { AdminTokenEntity } from '../entities';
import { toDate } from '../shared/db';

export class TypeOrmAdminTokenRepository implements AdminTokenRepository {
  private readonly rows: Repository<AdminTokenEntity>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = dataSource.getRepository(AdminTokenEntity);
  }

  async save(token: AdminToken): Promise<void> {
    await this.rows.insert({ tokenDigest: token.digest, appId: token.appId, expiresAt: token.expiresAt });
  }

  async findByDigest(digest: string): Promise<AdminToken | null> {
    const [row] = await this.dataSource.query('SELECT app_id, expires_at FROM admin_token WHERE token_digest = $1', [digest]);
    return row ? { digest, appId: row.app_id, expiresAt: toDate(row.expires_at) } : null;
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
