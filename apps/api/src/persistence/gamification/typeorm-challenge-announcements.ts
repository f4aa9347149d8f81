import { ChallengeAnnouncements, DueAnnouncement } from '@strive/domain';
import { ChallengeEntity } from '../entities';
import { Db } from '../shared/db';
import { toChallenge } from './typeorm-challenge.repository';

/**
 * challenge.start_announced / end_announced. `due` locks the rows it returns (FOR UPDATE SKIP
 * LOCKED): a second process running the same tick at once passes over them.
 */
export class TypeOrmChallengeAnnouncements implements ChallengeAnnouncements {
  constructor(private readonly db: Db) {}

  async due(now: Date, limit: number): Promise<DueAnnouncement[]> {
    const rows = await this.db
      .getRepository(ChallengeEntity)
      .createQueryBuilder('c')
      .where('(c.start_announced = false AND c.start <= :now) OR (c.end_announced = false AND c."end" <= :now)', { now })
      .orderBy('c.start', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
    const due: DueAnnouncement[] = [];
    for (const row of rows) {
      const challenge = toChallenge(row);
      if (!row.startAnnounced && row.start.getTime() <= now.getTime()) due.push({ challenge, event: 'challenge_start' });
      if (!row.endAnnounced && row.end.getTime() <= now.getTime()) due.push({ challenge, event: 'challenge_end' });
    }
    return due;
  }

  async markAnnounced({ challenge, event }: DueAnnouncement): Promise<void> {
    const column = event === 'challenge_start' ? 'start_announced' : 'end_announced';
    await this.db.query(`UPDATE challenge SET ${column} = true WHERE app_id = $1 AND id = $2`, [challenge.appId, challenge.id]);
  }
}
