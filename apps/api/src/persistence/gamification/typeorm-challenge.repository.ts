import { Challenge, ChallengeRepository } from '@strive/domain';
import { ChallengeEntity } from '../entities';
import { markChallengesChanged } from '../shared/change-feed';
import { atomically, Db, Row, toDate } from '../shared/db';

export function toChallenge(row: ChallengeEntity): Challenge {
  return {
    id: row.id,
    appId: row.appId,
    title: row.title,
    slogan: row.slogan,
    description: row.description,
    avatar: row.avatar,
    start: row.start,
    end: row.end,
    timezone: row.timezone,
    type: row.type as Challenge['type'],
    goal: row.goal as Challenge['goal'],
    goalValue: row.goalValue,
    goalType: row.goalType as Challenge['goalType'],
    repetition: row.repetition as Challenge['repetition'],
    calculationMethod: row.calculationMethod as Challenge['calculationMethod'],
    dataSource: row.dataSource as Challenge['dataSource'],
    activityTypes: row.activityTypes,
    enrollmentMethod: row.enrollmentMethod as Challenge['enrollmentMethod'],
    visibility: row.visibility as Challenge['visibility'],
    graceDays: row.graceDays,
  };
}

/** The columns challengeOfRow reads, of the table or of its alias (`c.`). */
export const CHALLENGE_COLUMNS = (alias: '' | 'c.') =>
  ['app_id', 'id', 'title', 'slogan', 'description', 'avatar', 'start', '"end"', 'timezone', 'type', 'goal', 'goal_value', 'goal_type',
    'repetition', 'calculation_method', 'data_source', 'activity_types', 'enrollment_method', 'visibility', 'grace_days']
    .map((column) => `${alias}${column}`)
    .join(', ');

/** A challenge from a raw row of CHALLENGE_COLUMNS (plain SQL, without the entity machinery). */
export function challengeOfRow(row: Row): Challenge {
  return toChallenge({
    appId: row.app_id, id: row.id, title: row.title, slogan: row.slogan, description: row.description, avatar: row.avatar,
    start: toDate(row.start), end: toDate(row.end), timezone: row.timezone, type: row.type, goal: row.goal,
    goalValue: row.goal_value === null ? null : Number(row.goal_value), goalType: row.goal_type, repetition: row.repetition,
    calculationMethod: row.calculation_method, dataSource: row.data_source, activityTypes: row.activity_types as string[],
    enrollmentMethod: row.enrollment_method, visibility: row.visibility, graceDays: Number(row.grace_days),
  } as ChallengeEntity);
}

/** A challenge as a leaderboard request reads it: with the versions that tell whether a cached ranking is current. */
export interface ChallengeSnapshot {
  readonly challenge: Challenge;
  /** Bumped by every change of a score or member (see recordLeaderboardChanges). */
  readonly leaderboardVersion: string;
  /** The last version that changed every entry at once. */
  readonly leaderboardResetVersion: string;
}

/** Challenges by id with their leaderboard versions, in one statement (whatever their apps: callers check). */
export async function findChallengeSnapshots(
  db: { query(text: string, values: unknown[]): Promise<Row[]> },
  challengeIds: readonly string[],
): Promise<ChallengeSnapshot[]> {
  const rows: Row[] = await db.query(
    `SELECT ${CHALLENGE_COLUMNS('')}, leaderboard_version::text AS leaderboard_version,
            leaderboard_reset_version::text AS leaderboard_reset_version
     FROM challenge WHERE id = ANY($1::uuid[])`,
    [[...challengeIds]],
  );
  return rows.map((row) => ({
    challenge: challengeOfRow(row),
    leaderboardVersion: String(row.leaderboard_version),
    leaderboardResetVersion: String(row.leaderboard_reset_version),
  }));
}

export class TypeOrmChallengeRepository implements ChallengeRepository {
  constructor(private readonly db: Db) {}

  private get rows() {
    return this.db.getRepository(ChallengeEntity);
  }

  /** Raw SQL: read on every challenge request, where the ORM's query building showed in profiles. */
  async findById(appId: string, challengeId: string): Promise<Challenge | null> {
    const [found] = await findChallengeSnapshots(this.db, [challengeId]);
    return found?.challenge.appId === appId ? found.challenge : null;
  }

  async listByApp(appId: string): Promise<Challenge[]> {
    return (await this.rows.find({ where: { appId }, order: { start: 'ASC', id: 'ASC' } })).map(toChallenge);
  }

  async save(challenge: Challenge): Promise<void> {
    await atomically(this.db, async (db) => {
      await db.getRepository(ChallengeEntity).save({
        appId: challenge.appId,
        id: challenge.id,
        title: challenge.title,
        slogan: challenge.slogan ?? '',
        description: challenge.description ?? '',
        avatar: challenge.avatar ?? null,
        start: challenge.start,
        end: challenge.end,
        timezone: challenge.timezone,
        type: challenge.type,
        goal: challenge.goal,
        goalValue: challenge.goalValue,
        goalType: challenge.goalType,
        repetition: challenge.repetition,
        calculationMethod: challenge.calculationMethod,
        dataSource: challenge.dataSource,
        activityTypes: [...challenge.activityTypes],
        enrollmentMethod: challenge.enrollmentMethod,
        visibility: challenge.visibility,
        graceDays: challenge.graceDays,
      });
      markChallengesChanged(db, [challenge.id]);
    });
  }

  async delete(appId: string, challengeId: string): Promise<void> {
    await atomically(this.db, async (db) => {
      // Its period scores have no foreign key (TypeOrmScoreRepository.saveMany); its other rows cascade.
      await db.query('DELETE FROM member_period_score WHERE app_id = $1 AND challenge_id = $2', [appId, challengeId]);
      await db.getRepository(ChallengeEntity).delete({ appId, id: challengeId });
      markChallengesChanged(db, [challengeId]);
    });
  }
}
