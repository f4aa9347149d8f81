import { distinctIds, requireChallenge, requireProfiles } from '../membership/lookups';
import { Membership, assertMembershipOpen } from '../membership/membership';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MembershipRepository } from '../ports/membership-repository';
import { ProfileRepository } from '../ports/profile-repository';

export interface RemoveChallengeMembersInput {
  readonly appId: string;
  readonly challengeId: string;
  readonly profileIds: readonly string[];
}

export interface RemoveChallengeMembersResult {
  readonly removed: readonly string[];
  /** Listed profiles of the app that were not members: nothing to do for them. */
  readonly notMembers: readonly string[];
}

/**
 * POST challenge/{id}/remove_members/ (administrator): removes many members at once, all
 * or nothing: an ended challenge or a profile unknown to the app (404, as in the bulk add)
 * refuses the whole call. Profiles of the app that are not members are reported apart from
 * the removed ones. For AUTOMATIC challenges the removed profiles are opted out, as if they
 * had left themselves.
 */
export class RemoveChallengeMembersUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly clock: Clock,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(input: RemoveChallengeMembersInput): Promise<RemoveChallengeMembersResult> {
    const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
    const at = this.clock.now();
    assertMembershipOpen(challenge, at);
    const profileIds = distinctIds(input.profileIds);
    await requireProfiles(this.profiles, input.appId, profileIds);
    const removed: string[] = [];
    const notMembers: string[] = [];
    for (const profileId of profileIds) {
      const existing = await this.memberships.find(challenge.id, profileId);
      if (existing === null) {
        notMembers.push(profileId);
        continue;
      }
      Membership.of(challenge, profileId, existing).leave(at);
      removed.push(profileId);
    }
    if (removed.length > 0) {
      await this.memberships.removeAll(challenge.id, removed, challenge.enrollmentMethod === 'AUTOMATIC');
    }
    return { removed, notMembers };
  }
}
