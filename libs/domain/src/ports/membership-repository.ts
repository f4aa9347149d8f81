import { ChallengeMember } from '../membership/challenge-member';

/**
 * Challenge members, keyed by (challengeId, profileId). Callers have already checked that
 * the challenge belongs to the caller's app. Each write method is atomic: bulk moves are
 * all-or-nothing.
 */
export interface MembershipRepository {
  find(challengeId: string, profileId: string): Promise<ChallengeMember | null>;
  listByChallenge(challengeId: string): Promise<ChallengeMember[]>;
  listByProfile(profileId: string): Promise<ChallengeMember[]>;
  /** How many challenge members take part with this team. */
  countByTeam(teamId: string): Promise<number>;
  /** Inserts or replaces each member; saving a member also clears its opt-out, if any. */
  saveAll(members: readonly ChallengeMember[]): Promise<void>;
  /**
   * Inserts the member unless the profile already is one, in one atomic step (clearing its
   * opt-out as saveAll does); answers whether it inserted. Concurrent joins: exactly one wins.
   */
  addIfAbsent(member: ChallengeMember): Promise<boolean>;
  /**
   * Deletes these members. `optOut` also records that they declined the challenge, so
   * automatic enrollment skips them from then on.
   */
  removeAll(challengeId: string, profileIds: readonly string[], optOut: boolean): Promise<void>;
  /** Profiles that left this (AUTOMATIC) challenge and have not come back. */
  listOptedOut(challengeId: string): Promise<string[]>;
}
