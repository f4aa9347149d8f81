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
  /** PUT: asking again for a membership that exists answers it as stored (idempotent) instead of refusing it. */
  readonly idempotent?: boolean;
}

/**
 * POST/PUT team/{id}/member/: the profile becomes a member of the team. The insert decides
 * between concurrent identical joins (exactly one stores it; the others are "already a
 * member" for POST, and answered with the stored membership for PUT, which is idempotent). With a team, the profile can enter AUTOMATIC TEAM challenges that skipped it: it is
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
    const existing = await this.teams.findMembership(team.id, profile.id);
    if (existing && input.idempotent) return existing;
    const membership = joinTeam(team, profile.id, existing, this.clock.now());
    if (!(await this.teams.addMembershipIfAbsent(membership))) {
      // A concurrent identical join stored it first.
      const stored = input.idempotent ? await this.teams.findMembership(team.id, profile.id) : null;
      if (stored) return stored;
      throw new TeamError(TeamErrorCode.AlreadyMember, `Profile ${profile.id} is already a member of team ${team.id}.`);
    }
    await syncProfileTeam(this.teams, this.profiles, profile);
    const { enrolled } = await this.enrollAutomatic.execute({ appId: input.appId, profileIds: [profile.id] });
    await scoreEnrolledMembers(this.rescorer, this.challenges, input.appId, enrolled);
    return membership;
  }
}
