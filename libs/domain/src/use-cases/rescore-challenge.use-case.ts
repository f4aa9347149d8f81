import { Challenge } from '../challenge/challenge';
import { MembershipRepository } from '../ports/membership-repository';
import { RescoreMemberUseCase } from './rescore-member.use-case';

export interface RescoreChallengeInput {
  readonly challenge: Challenge;
  /** Only these members (e.g. just enrolled); omitted: every member. Non-members are ignored. */
  readonly profileIds?: readonly string[];
}

/**
 * Scores members over the whole challenge: after they join (all data between start and end
 * counts, whenever they joined) and after the scoring rules changed. Returns how many members
 * were rescored (none once the scores are final).
 */
export class RescoreChallengeUseCase {
  constructor(
    private readonly memberships: MembershipRepository,
    private readonly rescoreMember: RescoreMemberUseCase,
  ) {}

  async execute(input: RescoreChallengeInput): Promise<number> {
    const { challenge } = input;
    const wanted = input.profileIds ? new Set(input.profileIds) : null;
    let rescored = 0;
    for (const member of await this.memberships.listByChallenge(challenge.id)) {
      if (wanted && !wanted.has(member.profileId)) continue;
      const result = await this.rescoreMember.execute({ challenge, member, from: challenge.start, to: challenge.end });
      if (result.status === 'rescored') rescored++;
    }
    return rescored;
  }
}
