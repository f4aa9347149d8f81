import { Challenge } from './challenge';

/** One period of a subject (member, team or group) as repetition reads it. */
export interface PeriodOutcome {
  readonly progress: number;
  readonly goalReached: boolean;
  /** When the goal of this period was reached (data time), for ordering ties. */
  readonly goalReachedAt: Date | null;
  /** When the progress took its current value (data time), for ordering ties. */
  readonly reachedAt: Date | null;
}

/** A leaderboard score and the data time at which the subject reached it (null: never). */
export interface RepetitionScore {
  readonly score: number;
  readonly reachedAt: Date | null;
}

/** Longest run of consecutive periods with the goal reached. */
export function longestStreak(reached: readonly boolean[]): number {
  let best = 0;
  let run = 0;
  for (const ok of reached) {
    run = ok ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/** Number of periods with the goal reached. */
export function stickToItCount(reached: readonly boolean[]): number {
  return reached.filter(Boolean).length;
}

/**
 * The leaderboard score of a subject for the selected period, from its outcomes for periods
 * 0..selected (index = period index; missing periods count as not reached, progress 0).
 * - no goal (goalValue null, one period): the progress; highest wins.
 * - NONE: the progress within the selected period.
 * - STREAK: longest run of consecutive reached periods among 0..selected; reached when the
 *   earliest such run completed.
 * - STICK TO IT: number of reached periods among 0..selected; reached when the last of them was.
 */
export function repetitionScore(
  rules: Pick<Challenge, 'repetition' | 'goalValue'>,
  outcomes: readonly (PeriodOutcome | undefined)[],
  selected: number,
): RepetitionScore {
  if (rules.goalValue === null || rules.repetition === 'NONE') {
    const outcome = outcomes[selected];
    return { score: outcome?.progress ?? 0, reachedAt: outcome?.reachedAt ?? null };
  }
  let best = 0;
  let bestAt: Date | null = null;
  let run = 0;
  let count = 0;
  let countAt: Date | null = null;
  for (let index = 0; index <= selected; index++) {
    const outcome = outcomes[index];
    if (outcome?.goalReached) {
      run++;
      count++;
      countAt = outcome.goalReachedAt;
      // Strictly longer only: ties keep the earliest run, the time the score was first reached.
      if (run > best) {
        best = run;
        bestAt = outcome.goalReachedAt;
      }
    } else {
      run = 0;
    }
  }
  return rules.repetition === 'STREAK' ? { score: best, reachedAt: bestAt } : { score: count, reachedAt: countAt };
}
