import { ChallengeMember } from '../membership/challenge-member';
import { requireChallenge } from '../membership/lookups';
import { Membership } from '../membership/membership';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';

export interface SetMemberActiveInput {
  readonly appId: string;
  readonly challengeId: string;
  readonly profileId: string;
  /** false deactivates (scores freeze but stay visible), true reactivates. */
  readonly isActive: boolean;
}

export interface SetMemberActiveResult {
  readonly member: ChallengeMember;
  /** false when the member already was in the asked state (the call is idempotent). */
  readonly changed: boolean;
}

/** POST/PUT challenge/{id}/deactivate_member/ with is_active. */
export class SetMemberActiveUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: SetMemberActiveInput): Promise<SetMemberActiveResult> {
    const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
    const membership = Membership.of(challenge, input.profileId, await this.memberships.find(challenge.id, input.profileId));
    const changed = membership.setActive(input.isActive, this.clock.now());
    const member = membership.member as ChallengeMember;
    if (changed) await this.memberships.saveAll([member]);
    return { member, changed };
  }
}
