import { Challenge } from '../challenge/challenge';
import { MemberPeriodScore } from '../challenge/member-period-score';
import { PeriodCalendar } from '../challenge/period-calendar';
import { repetitionScore } from '../challenge/repetition';
import { ChallengeMember } from '../membership/challenge-member';
import { Clock } from '../ports/clock';
import { ScoreRepository } from '../ports/score-repository';

export interface GetScoreHistoryInput {
  readonly challenge: Challenge;
  /** The requesting profile's membership. */
  readonly member: ChallengeMember;
}

export interface ScoreHistoryEntry {
  readonly periodIndex: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  /** The member's progress (its contribution in TEAM and GROUP challenges) in the period. */
  readonly progress: number;
  readonly goalReached: boolean;
  /** The leaderboard score with that period selected (see GetLeaderboardUseCase). */
  readonly score: number;
}

/**
 * leaderboard_history: the member's scores for every period from the one it joined in up to the
 * current one (read from the materialized scores; a period without a stored row scores 0).
 */
export class GetScoreHistoryUseCase {
  constructor(
    private readonly scores: ScoreRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: GetScoreHistoryInput): Promise<ScoreHistoryEntry[]> {
    const { challenge, member } = input;
    const calendar = PeriodCalendar.of(challenge);
    const current = calendar.indexAt(this.clock.now());
    const first = Math.min(calendar.indexAt(member.joinedAt), current);
    const stored: MemberPeriodScore[] = [];
    for (const score of await this.scores.findForMember(challenge.id, member.profileId)) stored[score.periodIndex] = score;
    const individual = challenge.type === 'INDIVIDUAL';
    const history: ScoreHistoryEntry[] = [];
    for (let index = first; index <= current; index++) {
      const period = calendar.periods[index];
      const score = stored[index];
      const progress = score?.progress ?? 0;
      history.push({
        periodIndex: index,
        periodStart: period.start,
        periodEnd: period.end,
        progress,
        goalReached: score?.goalReached ?? false,
        score: individual ? repetitionScore(challenge, stored, index).score : progress,
      });
    }
    return history;
  }
}
