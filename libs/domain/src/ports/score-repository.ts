import { MemberPeriodOutcome, MemberPeriodScore, MemberPeriodStanding } from '../challenge/member-period-score';

/**
 * Materialized per-member, per-period scores. Key: (challengeId, profileId, periodIndex).
 * Adapters keep an index on (challengeId, periodIndex) for leaderboards.
 */
export interface ScoreRepository {
  /** One member's stored scores, all periods or only the given ones, in period order. */
  findForMember(challengeId: string, profileId: string, periodIndexes?: readonly number[]): Promise<MemberPeriodScore[]>;
  /** The outcome fields only of every member's scores (or these members') for periods fromIndex..toIndex (leaderboards). */
  findOutcomesForChallenge(challengeId: string, fromIndex: number, toIndex: number, profileIds?: readonly string[]): Promise<MemberPeriodOutcome[]>;
  /**
   * Every member's stored score (or these members') of one period with the score of its repetition
   * state under the rule: STREAK bestRun / bestRunAt, STICK TO IT reachedCount / reachedCountAt
   * (INDIVIDUAL boards).
   */
  findStandingsForChallenge(
    challengeId: string,
    periodIndex: number,
    repetition: 'STREAK' | 'STICK TO IT',
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
