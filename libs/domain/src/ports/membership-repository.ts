import { ChallengeMember } from '../membership/challenge-member';

/**
 * Challenge members, keyed by (challengeId, profileId). Callers have already checked that
 * the challenge belongs to the caller's app. Each write method is atomic: bulk moves are
 * all-or-nothing.
 */
export interface MembershipRepository {
  find(challengeId: string, profileId: string): Promise<ChallengeMember | null>;
  /** The members among these profiles (the others are left out), in no particular order. */
  findMany(challengeId: string, profileIds: readonly string[]): Promise<ChallengeMember[]>;
  listByChallenge(challengeId: string): Promise<ChallengeMember[]>;
  /**
   * A page of the challenge's members in profile id order (the order PostgreSQL gives uuids: that
   * of their lower-case text): the first `limit` after profile `after`, from the first member when
   * null. Rescoring every member goes page by page (ten batches a page, the next read while this
   * one's batches run): each batch is a run of neighbouring ids, and the first starts without
   * waiting for the whole list.
   */
  listPageByChallenge(challengeId: string, after: string | null, limit: number): Promise<ChallengeMember[]>;
  listByProfile(profileId: string): Promise<ChallengeMember[]>;
  /** How many challenge members take part with this team. */
  countByTeam(teamId: string): Promise<number>;
  /**
   * Inserts each member whose profile is not a member yet, in one atomic step, and answers the
   * ones inserted: of concurrent identical joins exactly one wins, and an existing member is
   * never overwritten. An inserted member's opt-out is cleared (it chose to come back), unless
   * `skipOptedOut`: then a profile that opted out is not inserted at all (automatic enrollment).
   */
  addAllIfAbsent(members: readonly ChallengeMember[], options?: { readonly skipOptedOut?: boolean }): Promise<ChallengeMember[]>;
  /** Replaces these existing members (e.g. their inactive intervals); one removed meanwhile stays removed. */
  updateAll(members: readonly ChallengeMember[]): Promise<void>;
  /**
   * Deletes these members. `optOut` also records that they declined the challenge, so
   * automatic enrollment skips them from then on.
   */
  removeAll(challengeId: string, profileIds: readonly string[], optOut: boolean): Promise<void>;
  /** Profiles that left this (AUTOMATIC) challenge and have not come back. */
  listOptedOut(challengeId: string): Promise<string[]>;
}
