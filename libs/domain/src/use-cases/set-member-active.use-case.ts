import { ChallengeMember } from '../membership/challenge-member';
import { requireChallenge } from '../membership/lookups';
import { Membership, MembershipActor } from '../membership/membership';
import { assertVisibleToActor } from '../membership/visibility';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';

export interface SetMemberActiveInput {
  readonly appId: string;
  readonly challengeId: string;
  /** Who asks: a profile (for itself) does not see a PRIVATE challenge it is not in (404); default admin. */
  readonly by?: MembershipActor;
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
    const existing = await this.memberships.find(challenge.id, input.profileId);
    assertVisibleToActor(challenge, input.by ?? 'admin', existing !== null);
    const membership = Membership.of(challenge, input.profileId, existing);
    const changed = membership.setActive(input.isActive, this.clock.now());
    const member = membership.member as ChallengeMember;
    if (changed) await this.memberships.updateAll([member]);
    return { member, changed };
  }
}
