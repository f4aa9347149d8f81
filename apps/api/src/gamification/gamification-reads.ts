import { ActivityTotals, Challenge } from '@strive/domain';
import { DataSource } from 'typeorm';
import { toChallenge } from '../persistence/gamification/typeorm-challenge.repository';
import { ChallengeEntity } from '../persistence/entities';
import { Row } from '../persistence/shared/db';

/** A member as lists show it: the profile, the team it shows with, its state. */
export interface MemberInfo {
  readonly profileId: string;
  readonly name: string;
  readonly gender: string | null;
  readonly reference: string;
  readonly team: { readonly id: string; readonly name: string } | null;
  readonly isActive: boolean;
}

/** A member as a team read shows it: the profile and its first team. */
export interface TeamMemberInfo {
  readonly profileId: string;
  readonly name: string;
  readonly gender: string | null;
  readonly reference: string;
  readonly team: string | null;
}

export interface AppTotalsRow extends ActivityTotals {
  readonly profiles: number;
}

const MEMBER_SELECT = `
  SELECT m.profile_id, p.name, p.gender, p.reference, m.is_active, t.id AS team_id, t.name AS team_name
  FROM challenge_member m
  JOIN profile p ON p.app_id = m.app_id AND p.id = m.profile_id
  LEFT JOIN team t ON t.app_id = m.app_id AND t.id = coalesce(m.team_id, p.team_id)`;

function toMemberInfo(row: Row): MemberInfo {
  return {
    profileId: row.profile_id as string,
    name: row.name as string,
    gender: (row.gender as string | null) ?? null,
    reference: row.reference as string,
    team: row.team_id ? { id: row.team_id as string, name: row.team_name as string } : null,
    isActive: row.is_active !== false,
  };
}

/**
 * Read-side queries of the HTTP views (member lists, counts, challenge totals, app totals),
 * straight from the tables; every query is scoped to one app or one challenge of it.
 */
export class GamificationReads {
  constructor(private readonly db: DataSource) {}

  /** One page of a challenge's members, in joining order (the count is memberCount). */
  async memberPage(challengeId: string, limit: number, offset: number): Promise<MemberInfo[]> {
    const rows: Row[] = await this.db.query(
      `${MEMBER_SELECT} WHERE m.challenge_id = $1 ORDER BY m.joined_at, m.profile_id LIMIT $2 OFFSET $3`,
      [challengeId, limit, offset],
    );
    return rows.map(toMemberInfo);
  }

  async membersByIds(challengeId: string, profileIds: readonly string[]): Promise<Map<string, MemberInfo>> {
    if (profileIds.length === 0) return new Map();
    const rows: Row[] = await this.db.query(`${MEMBER_SELECT} WHERE m.challenge_id = $1 AND m.profile_id = ANY($2::uuid[])`, [
      challengeId,
      [...profileIds],
    ]);
    return new Map(rows.map((row) => [row.profile_id as string, toMemberInfo(row)]));
  }

  async memberCount(challengeId: string): Promise<number> {
    const [row] = await this.db.query('SELECT count(*)::int AS n FROM challenge_member WHERE challenge_id = $1', [challengeId]);
    return row.n;
  }

  /**
   * Sums of the current members' period totals: each member's row keeps the exact decimal sum of
   * its stored periods (TypeOrmScoreRepository.saveMany), so the challenge adds up one row per
   * member (a sum of doubles would depend on the order of the rows).
   */
  async challengeTotals(challengeId: string): Promise<ActivityTotals> {
    const [row] = await this.db.query(
      `SELECT coalesce(sum(total_distance), 0)::float8 AS distance, coalesce(sum(total_steps), 0)::float8 AS steps,
              coalesce(sum(total_calories), 0)::float8 AS calories, coalesce(sum(total_duration_seconds), 0)::float8 AS duration,
              coalesce(sum(total_points), 0)::float8 AS points
       FROM challenge_member WHERE challenge_id = $1`,
      [challengeId],
    );
    return {
      distance: Number(row.distance),
      steps: Number(row.steps),
      calories: Number(row.calories),
      durationSeconds: Number(row.duration),
      points: Number(row.points),
    };
  }

  async teamNames(appId: string, teamIds: readonly (string | null)[]): Promise<Map<string, string>> {
    const ids = [...new Set(teamIds.filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const rows: Row[] = await this.db.query('SELECT id, name FROM team WHERE app_id = $1 AND id = ANY($2::uuid[])', [appId, ids]);
    return new Map(rows.map((row) => [row.id as string, row.name as string]));
  }

  /** One page of the app's challenges by start (then id); `endedAfter` keeps those not ended before it. */
  async challengePage(
    appId: string,
    options: { endedAfter?: Date; limit: number; offset: number },
  ): Promise<{ count: number; items: Challenge[] }> {
    const builder = this.challengeQuery(appId, options.endedAfter).skip(options.offset).take(options.limit);
    const [rows, count] = await builder.getManyAndCount();
    return { count, items: rows.map(toChallenge) };
  }

  /**
   * Every challenge of the app by start (then id), optionally those not ended before `endedAfter`:
   * what a profile may see of them is the domain's visibility rule to decide.
   */
  async challengeList(appId: string, options: { endedAfter?: Date }): Promise<Challenge[]> {
    return (await this.challengeQuery(appId, options.endedAfter).getMany()).map(toChallenge);
  }

  private challengeQuery(appId: string, endedAfter: Date | undefined) {
    const builder = this.db.getRepository(ChallengeEntity).createQueryBuilder('c').where('c.appId = :appId', { appId });
    if (endedAfter) builder.andWhere('c.end > :endedAfter', { endedAfter });
    return builder.orderBy('c.start', 'ASC').addOrderBy('c.id', 'ASC');
  }

  async teamMembers(teamId: string): Promise<TeamMemberInfo[]> {
    const rows: Row[] = await this.db.query(
      `SELECT p.id, p.name, p.gender, p.reference, p.team_id FROM team_member tm
       JOIN profile p ON p.app_id = tm.app_id AND p.id = tm.profile_id
       WHERE tm.team_id = $1 ORDER BY tm.joined_at, tm.profile_id`,
      [teamId],
    );
    return rows.map((row) => ({
      profileId: row.id as string,
      name: row.name as string,
      gender: (row.gender as string | null) ?? null,
      reference: row.reference as string,
      team: (row.team_id as string | null) ?? null,
    }));
  }

  async teamMemberCounts(teamIds: readonly string[]): Promise<Map<string, number>> {
    if (teamIds.length === 0) return new Map();
    const rows: Row[] = await this.db.query(
      'SELECT team_id, count(*)::int AS n FROM team_member WHERE team_id = ANY($1::uuid[]) GROUP BY team_id',
      [[...teamIds]],
    );
    return new Map(rows.map((row) => [row.team_id as string, Number(row.n)]));
  }

  /**
   * AppTotals: over all profiles of the app, the daily summaries merged per profile and date
   * (the largest value of each metric among sources, as scoring de-duplicates them) and the
   * profiles' total_points.
   */
  async appTotals(appId: string): Promise<AppTotalsRow> {
    const [days] = await this.db.query(
      `WITH days AS (
         SELECT profile_id, data->>'date' AS date,
                max(coalesce((data->>'distance')::double precision, 0)) AS distance,
                max(coalesce((data->>'steps')::double precision, 0)) AS steps,
                max(coalesce((data->>'calories')::double precision, 0)) AS calories,
                max(coalesce(extract(epoch FROM (data->>'active_duration')::interval), 0)) AS duration
         FROM health_record WHERE app_id = $1 AND type = 'daily_summary'
         GROUP BY profile_id, data->>'date')
       SELECT coalesce(sum(distance), 0) AS distance, coalesce(sum(steps), 0) AS steps,
              coalesce(sum(calories), 0) AS calories, coalesce(sum(duration), 0) AS duration FROM days`,
      [appId],
    );
    const [profiles] = await this.db.query(
      'SELECT count(*)::int AS n, coalesce(sum(total_points), 0) AS points FROM profile WHERE app_id = $1',
      [appId],
    );
    return {
      profiles: Number(profiles.n),
      distance: Number(days.distance),
      steps: Number(days.steps),
      calories: Number(days.calories),
      durationSeconds: Number(days.duration),
      points: Number(profiles.points),
    };
  }
}
