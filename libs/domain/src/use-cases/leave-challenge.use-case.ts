import { requireChallenge } from '../membership/lookups';
import { Membership, MembershipActor } from '../membership/membership';
import { assertVisibleToActor } from '../membership/visibility';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';

export interface LeaveChallengeInput {
  readonly appId: string;
  readonly challengeId: string;
  /** Who asks: a profile (for itself) does not see a PRIVATE challenge it is not in (404); default admin. */
  readonly by?: MembershipActor;
  readonly profileId: string;
}

/**
 * DELETE challenge/{id}/member/?profile=: the profile is not enrolled any more. Leaving an
 * AUTOMATIC challenge is remembered as an opt-out, so automatic enrollment does not undo it.
 */
export class LeaveChallengeUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: LeaveChallengeInput): Promise<void> {
    const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
    const existing = await this.memberships.find(challenge.id, input.profileId);
    assertVisibleToActor(challenge, input.by ?? 'admin', existing !== null);
    const membership = Membership.of(challenge, input.profileId, existing);
    const outcome = membership.leave(this.clock.now());
    await this.memberships.removeAll(challenge.id, [input.profileId], outcome.optedOut);
  }
}
