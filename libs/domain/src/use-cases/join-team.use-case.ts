import { requireProfile, requireTeam } from '../membership/lookups';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { TeamError, TeamErrorCode } from '../team/team-error';
import { TeamMembership, joinTeam } from '../team/team';
import { syncProfileTeam } from '../team/profile-team';
import { EnrollAutomaticMembersUseCase } from './enroll-automatic-members.use-case';
import { scoreEnrolledMembers } from './score-enrolled-members';

export interface JoinTeamInput {
  readonly appId: string;
  readonly teamId: string;
  readonly profileId: string;
}

/**
 * POST/PUT team/{id}/member/: the profile becomes a member of the team. The insert decides
 * between concurrent identical joins (exactly one stores it, the others are "already a
 * member"). With a team, the profile can enter AUTOMATIC TEAM challenges that skipped it: it is
 * enrolled there and scored.
 */
export class JoinTeamUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
    private readonly clock: Clock,
    private readonly enrollAutomatic: EnrollAutomaticMembersUseCase,
    private readonly challenges: ChallengeRepository,
    private readonly rescorer: MemberRescorer,
  ) {}

  async execute(input: JoinTeamInput): Promise<TeamMembership> {
    const team = await requireTeam(this.teams, input.appId, input.teamId);
    const profile = await requireProfile(this.profiles, input.appId, input.profileId);
    const membership = joinTeam(team, profile.id, await this.teams.findMembership(team.id, profile.id), this.clock.now());
    if (!(await this.teams.addMembershipIfAbsent(membership))) {
      throw new TeamError(TeamErrorCode.AlreadyMember, `Profile ${profile.id} is already a member of team ${team.id}.`);
    }
    await syncProfileTeam(this.teams, this.profiles, profile);
    const { enrolled } = await this.enrollAutomatic.execute({ appId: input.appId, profileIds: [profile.id] });
    await scoreEnrolledMembers(this.rescorer, this.challenges, input.appId, enrolled);
    return membership;
  }
}
