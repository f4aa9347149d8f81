import { Profile, ProfileOrderField, ProfilePage, ProfileQuery, ProfileRepository, profileTurn } from '@strive/domain';
import { Brackets, Repository } from 'typeorm';
import { ProfileEntity } from '../entities';
import { memberRows } from '../gamification/typeorm-score.repository';
import { markChallengesChanged } from '../shared/change-feed';
import { atomically, Db, Row, takeTurns, toDate } from '../shared/db';

const ORDER_COLUMN: Record<ProfileOrderField, string> = {
  name: 'profile.name',
  reference: 'profile.reference',
  gender: 'profile.gender',
  created: 'profile.createdAt',
  total_points: 'profile.totalPoints',
};

function toProfile(row: ProfileEntity): Profile {
  return {
    id: row.id,
    appId: row.appId,
    name: row.name,
    gender: row.gender,
    reference: row.reference,
    team: row.teamId,
    totalPoints: row.totalPoints,
    createdAt: row.createdAt,
  };
}

/** The columns profileOf reads (the FROM clause follows). */
export const PROFILE_SELECT = 'SELECT app_id, id, name, gender, reference, team_id, total_points, created_at';

export function profileOf(row: Record<string, unknown>): Profile {
  return {
    id: row.id as string, appId: row.app_id as string, name: row.name as string, gender: row.gender as Profile['gender'],
    reference: row.reference as string, team: row.team_id as string | null, totalPoints: Number(row.total_points), createdAt: toDate(row.created_at),
  };
}

/** LIKE treats % and _ as wildcards: escape them so a search is a plain substring. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class TypeOrmProfileRepository implements ProfileRepository {
  private readonly rows: Repository<ProfileEntity>;

  constructor(private readonly dataSource: Db) {
    this.rows = dataSource.getRepository(ProfileEntity);
  }

  async create(profile: Profile, bearerDigest: string): Promise<void> {
    await this.rows.insert({
      appId: profile.appId,
      id: profile.id,
      name: profile.name,
      gender: profile.gender,
      reference: profile.reference,
      bearerDigest,
      totalPoints: profile.totalPoints,
      createdAt: profile.createdAt,
    });
  }

  async update(profile: Profile): Promise<void> {
    // One statement: the profile, and a new leaderboard version of its challenges naming it as
    // changed, so that cached leaderboards show its new name (see recordLeaderboardChanges).
    await atomically(this.dataSource, async (db) => {
      const boards: Row[] = await db.query(
        `WITH updated AS (UPDATE profile SET name = $3, gender = $4, reference = $5, team_id = $6 WHERE app_id = $1 AND id = $2),
         boards AS (UPDATE challenge SET leaderboard_version = leaderboard_version + 1
                    WHERE app_id = $1 AND id IN (SELECT challenge_id FROM challenge_member WHERE app_id = $1 AND profile_id = $2)
                    RETURNING app_id, id, leaderboard_version)
         INSERT INTO leaderboard_change (app_id, challenge_id, version, profile_ids) SELECT app_id, id, leaderboard_version, ARRAY[$2::uuid] FROM boards
         RETURNING challenge_id`,
        [profile.appId, profile.id, profile.name, profile.gender, profile.reference, profile.team],
      );
      markChallengesChanged(db, boards.map((row) => String(row.challenge_id)));
    });
  }

  // The two calls of every upload: plain SQL, without the entity machinery.
  async setTotalPoints(appId: string, id: string, totalPoints: number): Promise<void> {
    await this.dataSource.query('UPDATE profile SET total_points = $3 WHERE app_id = $1 AND id = $2', [appId, id, totalPoints]);
  }

  async findInApp(appId: string, id: string): Promise<Profile | null> {
    const [row] = await this.dataSource.query(`${PROFILE_SELECT} FROM profile WHERE app_id = $1 AND id = $2`, [appId, id]);
    return row ? profileOf(row) : null;
  }

  async findByBearerDigest(digest: string): Promise<Profile | null> {
    const [row] = await this.dataSource.query(`${PROFILE_SELECT} FROM profile WHERE bearer_digest = $1`, [digest]);
    return row ? profileOf(row) : null;
  }

  async list(query: ProfileQuery): Promise<ProfilePage> {
    const builder = this.rows.createQueryBuilder('profile').where('profile.appId = :appId', { appId: query.appId });
    if (query.onlyId) builder.andWhere('profile.id = :onlyId', { onlyId: query.onlyId });
    if (query.search) {
      const pattern = likePattern(query.search);
      builder.andWhere(
        new Brackets((or) =>
          or.where('profile.name ILIKE :pattern', { pattern }).orWhere('profile.reference ILIKE :pattern', { pattern }),
        ),
      );
    }
    const direction = query.ordering.descending ? 'DESC' : 'ASC';
    // The id tie-breaker keeps pages stable when the ordered values are equal.
    builder.orderBy(ORDER_COLUMN[query.ordering.field], direction, 'NULLS LAST').addOrderBy('profile.id', 'ASC');
    const [rows, count] = await builder.skip(query.offset).take(query.limit).getManyAndCount();
    return { count, items: rows.map(toProfile) };
  }

  async delete(appId: string, id: string): Promise<void> {
    // One statement: the profile's points days and period scores (derived rows without foreign
    // keys; the scores found per challenge of the app and period by the primary key: filtering
    // the app's rows took 730 ms at 100,000 members), a new leaderboard version of its challenges
    // that names it as changed (cached boards drop it: see recordLeaderboardChanges), and the
    // profile (its other rows cascade). It ends in a SELECT: TypeORM answers a statement whose
    // command is DELETE as [rows, count], and the challenges would go unmarked (this process's
    // cached boards then waited for the trigger's notification).
    await atomically(this.dataSource, async (db) => {
      // A scoring batch or an upload holding the turn commits first: the delete below sees its scores.
      await takeTurns(db, [profileTurn(id)]);
      const [deleted]: Row[] = await db.query(
        `WITH days AS (DELETE FROM profile_points_day WHERE app_id = $1 AND profile_id = $2),
         scores AS (DELETE FROM member_period_score WHERE ctid = ANY(ARRAY(
                      SELECT t.row_id FROM challenge c CROSS JOIN LATERAL ${memberRows('$1::uuid', 'c.id', '$2::uuid')} WHERE c.app_id = $1))),
         boards AS (UPDATE challenge SET leaderboard_version = leaderboard_version + 1
                    WHERE app_id = $1 AND id IN (SELECT challenge_id FROM challenge_member WHERE app_id = $1 AND profile_id = $2)
                    RETURNING app_id, id, leaderboard_version),
         changes AS (INSERT INTO leaderboard_change (app_id, challenge_id, version, profile_ids)
                     SELECT app_id, id, leaderboard_version, ARRAY[$2::uuid] FROM boards),
         gone AS (DELETE FROM profile WHERE app_id = $1 AND id = $2)
         SELECT coalesce(array_agg(id::text), '{}') AS challenge_ids FROM boards`,
        [appId, id],
      );
      markChallengesChanged(db, deleted.challenge_ids as string[]);
    });
  }

  async findExistingIds(appId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: { id: string }[] = await this.dataSource.query('SELECT id::text AS id FROM profile WHERE app_id = $1 AND id = ANY($2::uuid[])', [appId, [...ids]]);
    return rows.map((row) => row.id);
  }
}
