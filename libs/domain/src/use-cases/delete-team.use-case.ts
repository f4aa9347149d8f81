import { requireTeam } from '../membership/lookups';
import { MembershipRepository } from '../ports/membership-repository';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { syncProfileTeam } from '../team/profile-team';
import { TeamError, TeamErrorCode } from '../team/team-error';

/**
 * DELETE team/{id}/: refused while a challenge member plays for the team (its team scores would
 * lose their team); otherwise the team and its memberships go, and each former member's `team`
 * field moves to its next first team.
 */
export class DeleteTeamUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly memberships: MembershipRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(input: { readonly appId: string; readonly teamId: string }): Promise<void> {
    const team = await requireTeam(this.teams, input.appId, input.teamId);
    if ((await this.memberships.countByTeam(team.id)) > 0) {
      throw new TeamError(TeamErrorCode.InUse, `Team ${team.id} plays in a challenge; remove its challenge members first.`);
    }
    const members = await this.teams.listMembers(team.id);
    await this.teams.delete(team.appId, team.id);
    for (const member of members) {
      const profile = await this.profiles.findInApp(team.appId, member.profileId);
      if (profile) await syncProfileTeam(this.teams, this.profiles, profile);
    }
  }
}
