import { ChallengeMember } from '../membership/challenge-member';
import { distinctIds, requireChallenge } from '../membership/lookups';
import { Membership, MembershipActor } from '../membership/membership';
import { assertVisibleToActor } from '../membership/visibility';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';

export interface SetMembersActiveInput {
  readonly appId: string;
  readonly challengeId: string;
  /** Who asks: a profile (for itself) does not see a PRIVATE challenge it is not in (404); default admin. */
  readonly by?: MembershipActor;
  readonly profileIds: readonly string[];
  readonly isActive: boolean;
}

export interface SetMembersActiveResult {
  readonly changed: readonly ChallengeMember[];
  /** Members already in the asked state. */
  readonly unchanged: readonly ChallengeMember[];
}

/**
 * POST/PUT challenge/{id}/deactivate_members/: the same move for many profiles, all or
 * nothing. A profile that is not a member refuses the whole call (it cannot reach the
 * asked state); members already in the asked state are left alone and reported unchanged.
 */
export class SetMembersActiveUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: SetMembersActiveInput): Promise<SetMembersActiveResult> {
    const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
    const at = this.clock.now();
    const changed: ChallengeMember[] = [];
    const unchanged: ChallengeMember[] = [];
    for (const profileId of distinctIds(input.profileIds)) {
      const existing = await this.memberships.find(challenge.id, profileId);
      assertVisibleToActor(challenge, input.by ?? 'admin', existing !== null);
      const membership = Membership.of(challenge, profileId, existing);
      const didChange = membership.setActive(input.isActive, at);
      (didChange ? changed : unchanged).push(membership.member as ChallengeMember);
    }
    if (changed.length > 0) await this.memberships.updateAll(changed);
    return { changed, unchanged };
  }
}
