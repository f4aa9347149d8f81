import { isDeepStrictEqual } from 'node:util';
import { MemberPeriodOutcome, MemberPeriodScore, MemberPeriodStanding } from '../src/challenge/member-period-score';
import { scoreFromState } from '../src/challenge/repetition';
import { ScoreRepository } from '../src/ports/score-repository';

export class InMemoryScoreRepository implements ScoreRepository {
  private readonly rows = new Map<string, MemberPeriodScore>();

  async findForMember(
    challengeId: string,
    profileId: string,
    periodIndexes?: readonly number[],
  ): Promise<MemberPeriodScore[]> {
    return this.all().filter(
      (s) =>
        s.challengeId === challengeId &&
        s.profileId === profileId &&
        (periodIndexes === undefined || periodIndexes.includes(s.periodIndex)),
    );
  }

  /** Every member's stored scores of periods fromIndex..toIndex (both included): for tests and the reads below. */
  async findForChallenge(challengeId: string, fromIndex: number, toIndex: number): Promise<MemberPeriodScore[]> {
    return this.all().filter(
      (s) => s.challengeId === challengeId && s.periodIndex >= fromIndex && s.periodIndex <= toIndex,
    );
  }

  /** Only the outcome fields, as the SQL adapter reads them. */
  async findOutcomesForChallenge(challengeId: string, fromIndex: number, toIndex: number, profileIds?: readonly string[]): Promise<MemberPeriodOutcome[]> {
    const wanted = profileIds ? new Set(profileIds) : null;
    return (await this.findForChallenge(challengeId, fromIndex, toIndex)).filter((s) => !wanted || wanted.has(s.profileId)).map(
      ({ profileId, teamId, periodIndex, progress, goalReached, goalReachedAt, reachedAt }) => ({ profileId, teamId, periodIndex, progress, goalReached, goalReachedAt, reachedAt }),
    );
  }

  async findStandingsForChallenge(
    challengeId: string,
    periodIndex: number,
    repetition: 'STREAK' | 'STICK TO IT',
    profileIds?: readonly string[],
  ): Promise<MemberPeriodStanding[]> {
    const wanted = profileIds ? new Set(profileIds) : null;
    const rows = (await this.findForChallenge(challengeId, periodIndex, periodIndex)).filter((s) => !wanted || wanted.has(s.profileId));
    return rows.map((row) => {
      const { score, reachedAt } = scoreFromState({ goalValue: 0, repetition }, row, row.repetition);
      return { profileId: row.profileId, progress: row.progress, goalReached: row.goalReached, score, scoreAt: reachedAt };
    });
  }

  async saveMany(scores: readonly MemberPeriodScore[]): Promise<void> {
    const unstamped = (score: MemberPeriodScore) => ({ ...score, updatedAt: null });
    for (const score of scores) {
      const key = `${score.challengeId}|${score.profileId}|${score.periodIndex}`;
      const stored = this.rows.get(key);
      if (!stored || !isDeepStrictEqual(unstamped(stored), unstamped(score))) this.rows.set(key, score);
    }
  }

  async deleteForChallenge(challengeId: string): Promise<void> {
    for (const [key, score] of this.rows) if (score.challengeId === challengeId) this.rows.delete(key);
  }

  /** Every stored row, ordered by challenge, profile and period. */
  all(): MemberPeriodScore[] {
    return [...this.rows.values()].sort(
      (a, b) =>
        a.challengeId.localeCompare(b.challengeId) ||
        a.profileId.localeCompare(b.profileId) ||
        a.periodIndex - b.periodIndex,
    );
  }
}
