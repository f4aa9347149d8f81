import { EMPTY_REPETITION_STATE, RepetitionState, sameRepetitionState } from './repetition';

/**
 * What a member's counted records add up to in one period, in every metric (challenge totals):
 * distance metres, steps, calories kcal, active or workout duration seconds, and points (records'
 * points under the app's definition plus event points).
 */
export interface ActivityTotals {
  readonly distance: number;
  readonly steps: number;
  readonly calories: number;
  readonly durationSeconds: number;
  readonly points: number;
}

export const ZERO_TOTALS: ActivityTotals = { distance: 0, steps: 0, calories: 0, durationSeconds: 0, points: 0 };

/**
 * What rankings and goal_progress read of a stored score: small, so that a leaderboard of
 * 100,000 members can be built from one lean query.
 */
export type MemberPeriodOutcome = Pick<
  MemberPeriodScore,
  'profileId' | 'teamId' | 'periodIndex' | 'progress' | 'goalReached' | 'goalReachedAt' | 'reachedAt'
>;

/**
 * A member of an INDIVIDUAL challenge as its board ranks it in one period: its team (null there),
 * the outcome of its stored score of the period (none stored: 0, not reached), and its score on
 * the board: under STREAK or STICK TO IT that of the repetition state stored with the period's
 * score (scoreFromState: bestRun and bestRunAt, or reachedCount and reachedCountAt), else the
 * progress (at reachedAt). No Dates besides `scoreAt`, so 100,000 of them stay small.
 */
export interface MemberPeriodStanding {
  readonly profileId: string;
  readonly teamId: string | null;
  readonly progress: number;
  readonly goalReached: boolean;
  readonly score: number;
  readonly scoreAt: Date | null;
}

/**
 * The materialized score of one member in one period of one challenge: the member's own
 * progress (for TEAM and GROUP challenges: the member's contribution). Reads (leaderboards,
 * goal_progress, history) come from these rows, never from raw records.
 * Key: (challengeId, profileId, periodIndex).
 */
export interface MemberPeriodScore {
  readonly challengeId: string;
  readonly profileId: string;
  /** The team the member plays for (TEAM challenges), else null. */
  readonly teamId: string | null;
  readonly periodIndex: number;
  readonly periodStart: Date;
  readonly periodEnd: Date;
  /** Sum of the member's counted values in the period, in the goal type's unit. */
  readonly progress: number;
  /** Whether the member's own progress reaches the goal (meaningful for INDIVIDUAL challenges). */
  readonly goalReached: boolean;
  /** Data time at which the running total last rose to >= goal; null when not reached. */
  readonly goalReachedAt: Date | null;
  /** Data time of the latest record that changed the total: when the score took its value. */
  readonly reachedAt: Date | null;
  /**
   * The member's repetition state over its own periods 0..periodIndex (nextRepetitionState folded
   * over its stored goalReached / goalReachedAt, a period without a row counting as not reached):
   * a STREAK or STICK TO IT board of this period reads only this period's rows. Writers keep it
   * true, and keep a row in every period after a reached one (RescoreMemberUseCase), so a period
   * without a row has the empty state.
   */
  readonly repetition: RepetitionState;
  /** Thresholds (0.25, 0.5, 0.75, 1) already notified for this member and period. */
  readonly firedThresholds: readonly number[];
  /** The member's counted records in the period in every metric (challenge totals). */
  readonly totals: ActivityTotals;
  readonly updatedAt: Date;
}

/**
 * Whether a score holds nothing: no progress, no data time, the empty repetition state, no
 * notified threshold, zero totals. It is what a period without a row reads as (boards, history,
 * goal_progress, the repetition fold), so writers store no such row where none is stored: a
 * member's empty periods (days without data, periods still to come) cost no rows to write, read
 * and rewrite.
 */
export function isEmptyScore(score: MemberPeriodScore): boolean {
  return (
    score.progress === 0 &&
    !score.goalReached &&
    score.goalReachedAt === null &&
    score.reachedAt === null &&
    sameRepetitionState(score.repetition, EMPTY_REPETITION_STATE) &&
    score.firedThresholds.length === 0 &&
    score.totals.distance === 0 &&
    score.totals.steps === 0 &&
    score.totals.calories === 0 &&
    score.totals.durationSeconds === 0 &&
    score.totals.points === 0
  );
}

const timeOf = (instant: Date | null) => instant?.getTime() ?? null;

/**
 * Whether a computed score holds what the stored one does (everything a rescore computes: all
 * but the key and updatedAt). A rescore leaves such a row alone: a rule change or a resent day
 * recomputes mostly rows as they were, and sending them to storage only to be compared there
 * made a rule change over a challenge's stored scores send every one of them (docs/benchmarks.md
 * "Twenty-first session").
 */
export function sameScore(stored: MemberPeriodScore, computed: MemberPeriodScore): boolean {
  return (
    stored.teamId === computed.teamId &&
    stored.periodStart.getTime() === computed.periodStart.getTime() &&
    stored.periodEnd.getTime() === computed.periodEnd.getTime() &&
    stored.progress === computed.progress &&
    stored.goalReached === computed.goalReached &&
    timeOf(stored.goalReachedAt) === timeOf(computed.goalReachedAt) &&
    timeOf(stored.reachedAt) === timeOf(computed.reachedAt) &&
    sameRepetitionState(stored.repetition, computed.repetition) &&
    stored.firedThresholds.length === computed.firedThresholds.length &&
    stored.firedThresholds.every((threshold, i) => threshold === computed.firedThresholds[i]) &&
    stored.totals.distance === computed.totals.distance &&
    stored.totals.steps === computed.totals.steps &&
    stored.totals.calories === computed.totals.calories &&
    stored.totals.durationSeconds === computed.totals.durationSeconds &&
    stored.totals.points === computed.totals.points
  );
}
