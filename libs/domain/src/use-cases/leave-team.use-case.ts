import { requireProfile, requireTeam } from '../membership/lookups';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { leaveTeam } from '../team/team';
import { syncProfileTeam } from '../team/profile-team';

export interface LeaveTeamInput {
  readonly appId: string;
  readonly teamId: string;
  readonly profileId: string;
}

/**
 * DELETE team/{id}/member/?profile=: the profile leaves the team. Challenge memberships
 * that took part with this team keep it: scores already earned stay with the team.
 */
export class LeaveTeamUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(input: LeaveTeamInput): Promise<void> {
    const team = await requireTeam(this.teams, input.appId, input.teamId);
    const profile = await requireProfile(this.profiles, input.appId, input.profileId);
    leaveTeam(team, profile.id, await this.teams.findMembership(team.id, profile.id));
    await this.teams.removeMemberships(team.id, [profile.id]);
    await syncProfileTeam(this.teams, this.profiles, profile);
  }
}
