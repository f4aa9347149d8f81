import { requireProfile, requireTeam } from '../membership/lookups';
import { Clock } from '../ports/clock';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { TeamMembership, joinTeam } from '../team/team';
import { syncProfileTeam } from '../team/profile-team';

export interface JoinTeamInput {
  readonly appId: string;
  readonly teamId: string;
  readonly profileId: string;
}

/** POST/PUT team/{id}/member/: the profile becomes a member of the team. */
export class JoinTeamUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: JoinTeamInput): Promise<TeamMembership> {
    const team = await requireTeam(this.teams, input.appId, input.teamId);
    const profile = await requireProfile(this.profiles, input.appId, input.profileId);
    const membership = joinTeam(team, profile.id, await this.teams.findMembership(team.id, profile.id), this.clock.now());
    await this.teams.addMemberships([membership]);
    await syncProfileTeam(this.teams, this.profiles, profile);
    return membership;
  }
}
