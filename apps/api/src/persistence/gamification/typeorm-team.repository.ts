import { Team, TeamMembership, TeamRepository } from '@strive/domain';
import { TeamEntity } from '../entities';
import { Db, Row, toDate } from '../shared/db';

const toMembership = (row: Row): TeamMembership => ({
  teamId: row.team_id as string,
  profileId: row.profile_id as string,
  joinedAt: toDate(row.joined_at),
});

const toTeam = (row: TeamEntity): Team => ({ id: row.id, appId: row.appId, name: row.name, createdAt: row.createdAt });

export class TypeOrmTeamRepository implements TeamRepository {
  constructor(private readonly db: Db) {}

  private get rows() {
    return this.db.getRepository(TeamEntity);
  }

  async findById(appId: string, teamId: string): Promise<Team | null> {
    const row = await this.rows.findOneBy({ appId, id: teamId });
    return row && toTeam(row);
  }

  async save(team: Team): Promise<void> {
    await this.rows.save({ appId: team.appId, id: team.id, name: team.name, createdAt: team.createdAt });
  }

  async list(appId: string, page: { limit: number; offset: number }): Promise<{ count: number; items: Team[] }> {
    const [rows, count] = await this.rows.findAndCount({
      where: { appId },
      order: { createdAt: 'ASC', id: 'ASC' },
      take: page.limit,
      skip: page.offset,
    });
    return { count, items: rows.map(toTeam) };
  }

  async delete(appId: string, teamId: string): Promise<void> {
    await this.rows.delete({ appId, id: teamId });
  }

  async findMembership(teamId: string, profileId: string): Promise<TeamMembership | null> {
    const rows: Row[] = await this.db.query(
      'SELECT team_id, profile_id, joined_at FROM team_member WHERE team_id = $1 AND profile_id = $2',
      [teamId, profileId],
    );
    return rows.length > 0 ? toMembership(rows[0]) : null;
  }

  async listMembers(teamId: string): Promise<TeamMembership[]> {
    const rows: Row[] = await this.db.query(
      'SELECT team_id, profile_id, joined_at FROM team_member WHERE team_id = $1 ORDER BY joined_at, profile_id',
      [teamId],
    );
    return rows.map(toMembership);
  }

  async listMembershipsOfProfile(profileId: string): Promise<TeamMembership[]> {
    const rows: Row[] = await this.db.query('SELECT team_id, profile_id, joined_at FROM team_member WHERE profile_id = $1', [profileId]);
    return rows.map(toMembership);
  }

  async addMemberships(memberships: readonly TeamMembership[]): Promise<void> {
    if (memberships.length === 0) return;
    const json = JSON.stringify(memberships.map((m) => ({ team_id: m.teamId, profile_id: m.profileId, joined_at: m.joinedAt.toISOString() })));
    // One statement: atomic by itself.
    await this.db.query(
      `INSERT INTO team_member (app_id, team_id, profile_id, joined_at)
       SELECT t.app_id, m.team_id, m.profile_id, m.joined_at
       FROM json_to_recordset($1::json) AS m(team_id uuid, profile_id uuid, joined_at timestamptz)
       JOIN team t ON t.id = m.team_id
       ON CONFLICT DO NOTHING`,
      [json],
    );
  }

  async addMembershipIfAbsent(membership: TeamMembership): Promise<boolean> {
    // One statement: of concurrent identical joins exactly one gets a row back.
    const rows: Row[] = await this.db.query(
      `INSERT INTO team_member (app_id, team_id, profile_id, joined_at)
       SELECT t.app_id, t.id, $2::uuid, $3::timestamptz FROM team t WHERE t.id = $1
       ON CONFLICT DO NOTHING
       RETURNING profile_id`,
      [membership.teamId, membership.profileId, membership.joinedAt.toISOString()],
    );
    return rows.length > 0;
  }

  async removeMemberships(teamId: string, profileIds: readonly string[]): Promise<void> {
    await this.db.query('DELETE FROM team_member WHERE team_id = $1 AND profile_id = ANY($2::uuid[])', [teamId, [...profileIds]]);
  }
}
