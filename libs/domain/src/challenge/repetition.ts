import { Challenge } from './challenge';
import { PeriodCalendar } from './period-calendar';

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

/**
 * What repetition needs to know of a subject's periods 0..i, folded period by period: stored with
 * each member's period score (a board of period i then reads only period i), and folded over team
 * progress for team boards.
 */
export interface RepetitionState {
  /** Reached periods in a row ending at period i (0 when i was not reached). */
  readonly currentRun: number;
  /** The longest such run among periods 0..i (the STREAK score). */
  readonly bestRun: number;
  /** goalReachedAt of the period that first completed a run of bestRun (ties keep the earliest run). */
  readonly bestRunAt: Date | null;
  /** Reached periods among 0..i (the STICK TO IT score). */
  readonly reachedCount: number;
  /** goalReachedAt of the last reached period among 0..i. */
  readonly reachedCountAt: Date | null;
}

/** The state before period 0 (and of a subject that never reached a goal). */
export const EMPTY_REPETITION_STATE: RepetitionState = Object.freeze({
  currentRun: 0,
  bestRun: 0,
  bestRunAt: null,
  reachedCount: 0,
  reachedCountAt: null,
});

/**
 * Whether a challenge's member rows keep their repetition state: only INDIVIDUAL challenges with a
 * goal and STREAK or STICK TO IT rank members by it (team boards fold team progress, and NONE
 * ranks by progress). Elsewhere the rows keep the empty state and no later period is rewritten to
 * carry it, which spares a rescore every row after the periods it changes. A rule change that
 * turns repetition on rescores every period of every member, which writes the states.
 */
export function keepsRepetitionState<C extends Pick<Challenge, 'type' | 'goalValue' | 'repetition'>>(
  challenge: C,
): challenge is C & { readonly repetition: 'STREAK' | 'STICK TO IT' } {
  return challenge.type === 'INDIVIDUAL' && challenge.goalValue !== null && challenge.repetition !== 'NONE';
}

/**
 * The periods whose stored scores a rescore of periods firstRescored..lastRescored reads (both
 * included): where the challenge keeps repetition states (keepsRepetitionState), from the period
 * before (the state the rescored ones fold on from) to the challenge's last (states carried on);
 * elsewhere the rescored periods only (their fired thresholds).
 */
export function storedPeriodsRead(challenge: Challenge, firstRescored: number, lastRescored: number): { firstIndex: number; lastIndex: number } {
  return keepsRepetitionState(challenge)
    ? { firstIndex: Math.max(0, firstRescored - 1), lastIndex: PeriodCalendar.of(challenge).count - 1 }
    : { firstIndex: firstRescored, lastIndex: lastRescored };
}

/**
 * The state after one more period, from the state of the periods before it (EMPTY_REPETITION_STATE
 * before period 0) and that period's outcome (undefined: no stored score, not reached).
 */
export function nextRepetitionState(
  previous: RepetitionState,
  outcome: Pick<PeriodOutcome, 'goalReached' | 'goalReachedAt'> | undefined,
): RepetitionState {
  if (!outcome?.goalReached) {
    return previous.currentRun === 0 ? previous : { ...previous, currentRun: 0 };
  }
  const currentRun = previous.currentRun + 1;
  // Strictly longer only: ties keep the earliest run, the time the score was first reached.
  const longer = currentRun > previous.bestRun;
  return {
    currentRun,
    bestRun: longer ? currentRun : previous.bestRun,
    bestRunAt: longer ? outcome.goalReachedAt : previous.bestRunAt,
    reachedCount: previous.reachedCount + 1,
    reachedCountAt: outcome.goalReachedAt,
  };
}

/** Whether two states are the same (a rescore that leaves a period's state alone leaves the later ones alone). */
export function sameRepetitionState(a: RepetitionState, b: RepetitionState): boolean {
  return (
    a.currentRun === b.currentRun &&
    a.bestRun === b.bestRun &&
    a.reachedCount === b.reachedCount &&
    (a.bestRunAt?.getTime() ?? null) === (b.bestRunAt?.getTime() ?? null) &&
    (a.reachedCountAt?.getTime() ?? null) === (b.reachedCountAt?.getTime() ?? null)
  );
}

/**
 * The leaderboard score with period i selected, from the subject's outcome of period i and its
 * state after period i (the rules of repetitionScore, without the periods before i).
 */
export function scoreFromState(
  rules: Pick<Challenge, 'repetition' | 'goalValue'>,
  outcome: Pick<PeriodOutcome, 'progress' | 'reachedAt'> | undefined,
  state: RepetitionState,
): RepetitionScore {
  if (rules.goalValue === null || rules.repetition === 'NONE') {
    return { score: outcome?.progress ?? 0, reachedAt: outcome?.reachedAt ?? null };
  }
  return rules.repetition === 'STREAK'
    ? { score: state.bestRun, reachedAt: state.bestRunAt }
    : { score: state.reachedCount, reachedAt: state.reachedCountAt };
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
