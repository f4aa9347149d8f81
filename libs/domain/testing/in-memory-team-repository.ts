import { Team, TeamMembership } from '../src/team/team';
import { TeamRepository } from '../src/ports/team-repository';

export class InMemoryTeamRepository implements TeamRepository {
  readonly teams = new Map<string, Team>();
  memberships: TeamMembership[] = [];

  constructor(teams: readonly Team[] = [], memberships: readonly TeamMembership[] = []) {
    for (const team of teams) this.teams.set(team.id, team);
    this.memberships.push(...memberships);
  }

  async findById(appId: string, teamId: string): Promise<Team | null> {
    const team = this.teams.get(teamId);
    return team && team.appId === appId ? team : null;
  }

  async save(team: Team): Promise<void> {
    this.teams.set(team.id, team);
  }

  async list(appId: string, page: { limit: number; offset: number }): Promise<{ count: number; items: Team[] }> {
    const all = [...this.teams.values()]
      .filter((t) => t.appId === appId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1));
    return { count: all.length, items: all.slice(page.offset, page.offset + page.limit) };
  }

  async delete(appId: string, teamId: string): Promise<void> {
    if (this.teams.get(teamId)?.appId !== appId) return;
    this.teams.delete(teamId);
    this.memberships = this.memberships.filter((m) => m.teamId !== teamId);
  }

  async findMembership(teamId: string, profileId: string): Promise<TeamMembership | null> {
    return this.memberships.find((m) => m.teamId === teamId && m.profileId === profileId) ?? null;
  }

  /** In (joinedAt, profileId) order, as the table answers. */
  async listMembers(teamId: string): Promise<TeamMembership[]> {
    return this.memberships
      .filter((m) => m.teamId === teamId)
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : 0));
  }

  async listMembershipsOfProfile(profileId: string): Promise<TeamMembership[]> {
    return this.memberships.filter((m) => m.profileId === profileId);
  }

  /** An existing (team, profile) membership stays as it is (the table's ON CONFLICT DO NOTHING). */
  async addMemberships(memberships: readonly TeamMembership[]): Promise<void> {
    for (const m of memberships) {
      if (!this.memberships.some((o) => o.teamId === m.teamId && o.profileId === m.profileId)) this.memberships.push(m);
    }
  }

  async addMembershipIfAbsent(membership: TeamMembership): Promise<boolean> {
    if (this.memberships.some((m) => m.teamId === membership.teamId && m.profileId === membership.profileId)) return false;
    this.memberships.push(membership);
    return true;
  }

  async removeMemberships(teamId: string, profileIds: readonly string[]): Promise<void> {
    this.memberships = this.memberships.filter((m) => m.teamId !== teamId || !profileIds.includes(m.profileId));
  }
}
