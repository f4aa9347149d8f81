import { ChallengeMember } from '../membership/challenge-member';
import { requireChallenge, requireProfile } from '../membership/lookups';
import { Membership, MembershipActor } from '../membership/membership';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
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

/** POST/PUT challenge/{id}/member/: one profile becomes an enrolled, active member. */
export class JoinChallengeUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: JoinChallengeInput): Promise<ChallengeMember> {
    const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
    await requireProfile(this.profiles, input.appId, input.profileId);
    const membership = Membership.of(challenge, input.profileId, await this.memberships.find(challenge.id, input.profileId));
    const profileTeams = await this.teams.listMembershipsOfProfile(input.profileId);
    const member = membership.enrolBy(input.by, this.clock.now(), { profileTeams, teamId: input.teamId });
    await this.memberships.saveAll([member]);
    return member;
  }
}
