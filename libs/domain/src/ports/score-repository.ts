import { MemberPeriodOutcome, MemberPeriodScore, MemberPeriodStanding } from '../challenge/member-period-score';

/**
 * Materialized per-member, per-period scores. Key: (challengeId, profileId, periodIndex).
 * Adapters keep an index on (challengeId, periodIndex) for leaderboards.
 */
export interface ScoreRepository {
  /** One member's stored scores, all periods or only the given ones, in period order. */
  findForMember(challengeId: string, profileId: string, periodIndexes?: readonly number[]): Promise<MemberPeriodScore[]>;
  /** The outcome fields only of every member's scores for periods fromIndex..toIndex (team and group leaderboards). */
  findOutcomesForChallenge(challengeId: string, fromIndex: number, toIndex: number): Promise<MemberPeriodOutcome[]>;
  /**
   * The standing of every member of the challenge (or of those of `profileIds` that are members)
   * in one period, its membership and its stored score of the period read together (an
   * INDIVIDUAL board holds one entry per member: read as the members, then their scores, it held
   * 100,000 members three times over). `repetition`: the rule whose state gives the score (the
   * challenge keepsRepetitionState), null: the progress. In no particular order.
   */
  findMemberStandings(
    challengeId: string,
    periodIndex: number,
    repetition: 'STREAK' | 'STICK TO IT' | null,
    profileIds?: readonly string[],
  ): Promise<MemberPeriodStanding[]>;
  /**
   * Inserts or replaces each score by its key; a stored score that differs only in updatedAt is
   * left as it is (updatedAt: when the score last changed).
   */
  saveMany(scores: readonly MemberPeriodScore[]): Promise<void>;
  /** Drops every stored score of the challenge (its rules changed: scores are recomputed). */
  deleteForChallenge(challengeId: string): Promise<void>;
}
