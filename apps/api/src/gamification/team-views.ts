import { Inject, Injectable } from '@nestjs/common';
import { requireTeam, Team, TeamRepository } from '@strive/domain';
import { TEAM_REPOSITORY } from '../system/tokens';
import { GamificationReads, TeamMemberInfo } from './gamification-reads';

/** A team with every member, in join order. */
export interface TeamDetail {
  readonly team: Team;
  readonly members: readonly TeamMemberInfo[];
}

/** The read side of teams (host query service): each team read is one call here. */
@Injectable()
export class TeamViews {
  constructor(
    @Inject(TEAM_REPOSITORY) private readonly teams: TeamRepository,
    private readonly reads: GamificationReads,
  ) {}

  /** One page of the app's teams, oldest first, with their member counts. */
  async page(appId: string, limit: number, offset: number): Promise<{ count: number; items: { team: Team; numMembers: number }[] }> {
    const page = await this.teams.list(appId, { limit, offset });
    const counts = await this.reads.teamMemberCounts(page.items.map((team) => team.id));
    return { count: page.count, items: page.items.map((team) => ({ team, numMembers: counts.get(team.id) ?? 0 })) };
  }

  /** A team of the app (404 otherwise) with its members. */
  async detail(appId: string, teamId: string): Promise<TeamDetail> {
    return this.withMembers(await requireTeam(this.teams, appId, teamId));
  }

  /** A team just written (create, rename) with its members. */
  async withMembers(team: Team): Promise<TeamDetail> {
    return { team, members: await this.reads.teamMembers(team.id) };
  }
}
