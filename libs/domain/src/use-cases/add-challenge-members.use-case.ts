import { ChallengeMember } from '../membership/challenge-member';
import { distinctIds, requireChallenge, requireProfiles, requireTeam } from '../membership/lookups';
import { Membership, assertMembershipOpen } from '../membership/membership';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { MembershipRepository } from '../ports/membership-repository';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';

export interface AddChallengeMembersInput {
  readonly appId: string;
  readonly challengeId: string;
  readonly profileIds: readonly string[];
  /** TEAM challenges: the team every listed profile takes part with; omitted: each one's first team. */
  readonly teamId?: string | null;
}

export interface AddChallengeMembersResult {
  readonly added: readonly ChallengeMember[];
  /** Profiles that already were members (left as they were). */
  readonly alreadyMembers: readonly string[];
}

/**
 * POST/PUT challenge/{id}/members/ (administrator): adds many profiles, all or nothing.
 * Every profile must exist and be acceptable (team rules, challenge not ended) and a team
 * named must be one of the app (404), or nothing is stored and the first refusal is thrown.
 * Existing members are skipped, so the call can be repeated safely. The added members' data is
 * scored before the answer.
 */
export class AddChallengeMembersUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
    private readonly clock: Clock,
    private readonly rescorer: MemberRescorer,
  ) {}

  async execute(input: AddChallengeMembersInput): Promise<AddChallengeMembersResult> {
    const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
    const profileIds = distinctIds(input.profileIds);
    await requireProfiles(this.profiles, input.appId, profileIds);
    if (input.teamId !== undefined && input.teamId !== null) await requireTeam(this.teams, input.appId, input.teamId);
    const at = this.clock.now();
    assertMembershipOpen(challenge, at);
    const added: ChallengeMember[] = [];
    const alreadyMembers: string[] = [];
    for (const profileId of profileIds) {
      const existing = await this.memberships.find(challenge.id, profileId);
      if (existing !== null) {
        alreadyMembers.push(profileId);
        continue;
      }
      const profileTeams = await this.teams.listMembershipsOfProfile(profileId);
      added.push(Membership.of(challenge, profileId, null).add(at, { profileTeams, teamId: input.teamId }));
    }
    // Only what this call inserted counts as added: a profile that joined meanwhile keeps its own row.
    const inserted = await this.memberships.addAllIfAbsent(added);
    const insertedIds = new Set(inserted.map((member) => member.profileId));
    for (const member of added) if (!insertedIds.has(member.profileId)) alreadyMembers.push(member.profileId);
    if (inserted.length > 0) await this.rescorer.rescoreMembers(challenge, inserted.map((member) => member.profileId));
    return { added: inserted, alreadyMembers };
  }
}
