import { Challenge } from '../challenge/challenge';

/**
 * Recomputes members' stored period scores (and threshold events) of one challenge from their
 * records: new members (all their data counts, whenever they joined) and changed rules.
 */
export interface MemberRescorer {
  /** Rescores the given members (every member when omitted); answers how many were rescored. */
  rescoreMembers(challenge: Challenge, profileIds?: readonly string[]): Promise<number>;
}
