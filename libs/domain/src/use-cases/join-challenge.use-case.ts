import { ChallengeMember } from '../membership/challenge-member';
import { requireChallenge, requireProfile, requireTeam } from '../membership/lookups';
import { Membership, MembershipActor } from '../membership/membership';
import { MembershipError, MembershipErrorCode } from '../membership/membership-error';
import { assertVisibleToActor } from '../membership/visibility';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { MembershipRepository } from '../ports/membership-repository';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';

export interface JoinChallengeInput {
  readonly appId: string;
  readonly challengeId: string;
  readonly profileId: string;
  /** TEAM challenges: the team to take part with; omitted means the profile's first team. */
  readonly teamId?: string | null;
  /** 'profile' joins by itself (refused for PRIVATE); 'admin' adds (the pre-enrolment). */
  readonly by: MembershipActor;
}

/**
 * POST/PUT challenge/{id}/member/: one profile becomes an enrolled, active member, and its data
 * is scored. A team named in the body must be one of the app (else 404). The insert itself
 * decides between concurrent identical joins: exactly one stores the member, the others are
 * refused as already members.
 */
export class JoinChallengeUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
    private readonly clock: Clock,
    private readonly rescorer: MemberRescorer,
  ) {}

  async execute(input: JoinChallengeInput): Promise<ChallengeMember> {
    const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
    await requireProfile(this.profiles, input.appId, input.profileId);
    if (input.teamId !== undefined && input.teamId !== null) await requireTeam(this.teams, input.appId, input.teamId);
    const existing = await this.memberships.find(challenge.id, input.profileId);
    assertVisibleToActor(challenge, input.by, existing !== null);
    const membership = Membership.of(challenge, input.profileId, existing);
    const profileTeams = await this.teams.listMembershipsOfProfile(input.profileId);
    const member = membership.enrolBy(input.by, this.clock.now(), { profileTeams, teamId: input.teamId });
    if (!(await this.memberships.addIfAbsent(member))) {
      throw new MembershipError(
        MembershipErrorCode.AlreadyMember,
        `Profile ${input.profileId} is already a member of challenge ${challenge.id}.`,
        input.profileId,
      );
    }
    await this.rescorer.rescoreMembers(challenge, [member.profileId]);
    return member;
  }
}
