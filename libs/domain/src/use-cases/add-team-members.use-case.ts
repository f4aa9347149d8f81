import { distinctIds, requireProfiles, requireTeam } from '../membership/lookups';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { TeamMembership, joinTeam } from '../team/team';
import { syncProfileTeam } from '../team/profile-team';
import { EnrollAutomaticMembersUseCase } from './enroll-automatic-members.use-case';
import { scoreEnrolledMembers } from './score-enrolled-members';

export interface AddTeamMembersInput {
  readonly appId: string;
  readonly teamId: string;
  readonly profileIds: readonly string[];
}

export interface AddTeamMembersResult {
  readonly added: readonly TeamMembership[];
  readonly alreadyMembers: readonly string[];
}

/**
 * POST/PUT team/{id}/members/ (administrator): all listed profiles must exist (else nothing
 * is stored); those already in the team are skipped, so the call can be repeated. The added
 * profiles enter AUTOMATIC TEAM challenges that skipped them for lack of a team, and are scored.
 */
export class AddTeamMembersUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
    private readonly clock: Clock,
    private readonly enrollAutomatic: EnrollAutomaticMembersUseCase,
    private readonly challenges: ChallengeRepository,
    private readonly rescorer: MemberRescorer,
  ) {}

  async execute(input: AddTeamMembersInput): Promise<AddTeamMembersResult> {
    const team = await requireTeam(this.teams, input.appId, input.teamId);
    const profiles = await requireProfiles(this.profiles, input.appId, distinctIds(input.profileIds));
    const at = this.clock.now();
    const added: TeamMembership[] = [];
    const alreadyMembers: string[] = [];
    for (const profile of profiles) {
      const existing = await this.teams.findMembership(team.id, profile.id);
      if (existing !== null) alreadyMembers.push(profile.id);
      else added.push(joinTeam(team, profile.id, null, at));
    }
    if (added.length > 0) await this.teams.addMemberships(added);
    for (const profile of profiles) await syncProfileTeam(this.teams, this.profiles, profile);
    if (added.length > 0) {
      const { enrolled } = await this.enrollAutomatic.execute({ appId: input.appId, profileIds: added.map((m) => m.profileId) });
      await scoreEnrolledMembers(this.rescorer, this.challenges, input.appId, enrolled);
    }
    return { added, alreadyMembers };
  }
}
