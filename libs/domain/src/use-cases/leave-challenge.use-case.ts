import { requireChallenge } from '../membership/lookups';
import { Membership } from '../membership/membership';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';

export interface LeaveChallengeInput {
  readonly appId: string;
  readonly challengeId: string;
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
    const membership = Membership.of(challenge, input.profileId, await this.memberships.find(challenge.id, input.profileId));
    const outcome = membership.leave(this.clock.now());
    await this.memberships.removeAll(challenge.id, [input.profileId], outcome.optedOut);
  }
}
