import { isDeepStrictEqual } from 'node:util';
import { MemberPeriodOutcome, MemberPeriodScore, MemberPeriodStanding } from '../src/challenge/member-period-score';
import { scoreFromState } from '../src/challenge/repetition';
import { MembershipRepository } from '../src/ports/membership-repository';
import { ScoreRepository } from '../src/ports/score-repository';

export class InMemoryScoreRepository implements ScoreRepository {
  private readonly rows = new Map<string, MemberPeriodScore>();

  /** `memberships`: whose members findMemberStandings lists (as the SQL adapter joins challenge_member). */
  constructor(private readonly memberships?: Pick<MembershipRepository, 'listByChallenge'>) {}

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
  async findOutcomesForChallenge(challengeId: string, fromIndex: number, toIndex: number): Promise<MemberPeriodOutcome[]> {
    return (await this.findForChallenge(challengeId, fromIndex, toIndex)).map(
      ({ profileId, teamId, periodIndex, progress, goalReached, goalReachedAt, reachedAt }) => ({ profileId, teamId, periodIndex, progress, goalReached, goalReachedAt, reachedAt }),
    );
  }

  async findMemberStandings(
    challengeId: string,
    periodIndex: number,
    repetition: 'STREAK' | 'STICK TO IT' | null,
    profileIds?: readonly string[],
  ): Promise<MemberPeriodStanding[]> {
    if (!this.memberships) throw new Error('InMemoryScoreRepository reads standings of the members it was given: none were');
    const wanted = profileIds ? new Set(profileIds) : null;
    const stored = new Map((await this.findForChallenge(challengeId, periodIndex, periodIndex)).map((row) => [row.profileId, row]));
    const members = (await this.memberships.listByChallenge(challengeId)).filter((member) => !wanted || wanted.has(member.profileId));
    return members.map(({ profileId, teamId }) => {
      const row = stored.get(profileId);
      if (!row) return { profileId, teamId, progress: 0, goalReached: false, score: 0, scoreAt: null };
      const { score, reachedAt } = repetition ? scoreFromState({ goalValue: 0, repetition }, row, row.repetition) : { score: row.progress, reachedAt: row.reachedAt };
      return { profileId, teamId, progress: row.progress, goalReached: row.goalReached, score, scoreAt: reachedAt };
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
