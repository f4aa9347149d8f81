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
  /**
   * PUT: asking again for a membership that exists answers it as stored (idempotent) instead of
   * refusing it; a different team than the stored one is still refused (no team switch).
   */
  readonly idempotent?: boolean;
}

/**
 * POST/PUT challenge/{id}/member/: one profile becomes an enrolled, active member, and its data
 * is scored. A team named in the body must be one of the app (else 404). The insert itself
 * decides between concurrent identical joins: exactly one stores the member, the others are
 * refused as already members (POST) or answered with the stored membership (PUT, idempotent).
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
    if (existing && input.idempotent) return kept(existing, input);
    const membership = Membership.of(challenge, input.profileId, existing);
    const profileTeams = await this.teams.listMembershipsOfProfile(input.profileId);
    const member = membership.enrolBy(input.by, this.clock.now(), { profileTeams, teamId: input.teamId });
    if ((await this.memberships.addAllIfAbsent([member])).length === 0) {
      // A concurrent identical join stored it first.
      const stored = input.idempotent ? await this.memberships.find(challenge.id, input.profileId) : null;
      if (stored) return kept(stored, input);
      throw alreadyMember(input);
    }
    await this.rescorer.rescoreMembers(challenge, [member.profileId]);
    return member;
  }
}

function alreadyMember(input: JoinChallengeInput): MembershipError {
  return new MembershipError(
    MembershipErrorCode.AlreadyMember,
    `Profile ${input.profileId} is already a member of challenge ${input.challengeId}.`,
    input.profileId,
  );
}

/** The stored membership, when it is what an idempotent join asks for. */
function kept(stored: ChallengeMember, input: JoinChallengeInput): ChallengeMember {
  if (input.teamId !== undefined && input.teamId !== null && input.teamId !== stored.teamId) throw alreadyMember(input);
  return stored;
}
