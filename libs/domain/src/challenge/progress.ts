import { ChallengeMember } from '../membership/challenge-member';
import { Challenge } from './challenge';
import { MemberPeriodScore } from './member-period-score';
import { aggregateProgress } from './scoring';

/** Thresholds of the period-goal notifications, as fractions of the goal value (interface.md Limits). */
export const PARTIAL_GOAL_THRESHOLDS = [0.25, 0.5, 0.75] as const;
export const GOAL_THRESHOLD = 1;
const ALL_THRESHOLDS = [...PARTIAL_GOAL_THRESHOLDS, GOAL_THRESHOLD];
/** The thresholds covered up to each one (the first k, shared: a crossing allocates no list). */
const COVERED: readonly (readonly number[])[] = ALL_THRESHOLDS.map((_, i) => Object.freeze(ALL_THRESHOLDS.slice(0, i + 1)));

/** No threshold notified yet (shared). */
export const NONE_FIRED: readonly number[] = Object.freeze([]);

/** The highest threshold of `fired` (0 for none). A plain loop: it runs for every period a rescore computes. */
function highestOf(fired: readonly number[]): number {
  let highest = 0;
  for (const t of fired) if (t > highest) highest = t;
  return highest;
}

/**
 * How many thresholds, from the lowest, `fired` covers: those at or below its highest, all that
 * detectThresholdCrossing reads of it (fired lists are such runs from the lowest). How a score's
 * fired thresholds are stored: a small number where the list took 43 bytes of a score row.
 */
export function firedThresholdCount(fired: readonly number[]): number {
  const highest = highestOf(fired);
  let count = 0;
  while (count < ALL_THRESHOLDS.length && ALL_THRESHOLDS[count] <= highest) count++;
  return count;
}

/** The first `count` thresholds (firedThresholdCount's inverse), as shared frozen lists. */
export function firedThresholdsOf(count: number): readonly number[] {
  return count <= 0 ? NONE_FIRED : COVERED[Math.min(count, COVERED.length) - 1];
}

/** progress / goal, or null for a no-goal (leaderboard) challenge or a non-positive goal. */
export function goalProportion(progress: number, goalValue: number | null): number | null {
  return goalValue === null || goalValue <= 0 ? null : progress / goalValue;
}

export interface ThresholdCrossing {
  /** The highest threshold crossed: the one the single notification reports. */
  readonly threshold: number;
  /** Every threshold now covered, to remember as fired (skipped ones never fire later). */
  readonly fired: readonly number[];
  readonly proportion: number;
}

/**
 * Which notification a new score sends, if any. A threshold fires when the proportion reaches it
 * and it lies above every threshold already fired for this member and period; when several are
 * crossed at once only the highest is reported (one notification per score change), and the
 * lower ones are remembered as fired so they never fire afterwards, not even after the score
 * drops and rises again. INDIVIDUAL challenges with a positive goal only (interface.md Events rule 1).
 */
export function detectThresholdCrossing(
  rules: Pick<Challenge, 'type' | 'goalValue'>,
  progress: number,
  alreadyFired: readonly number[],
): ThresholdCrossing | null {
  const proportion = goalProportion(progress, rules.goalValue);
  if (rules.type !== 'INDIVIDUAL' || proportion === null) return null;
  // This runs for every period a rescore computes (3.2 million in a 100,000-member first scoring),
  // so plain loops: the spreads, Set and sort it used were a quarter of that job's allocations.
  const highestFired = highestOf(alreadyFired);
  let reached = -1;
  for (let i = 0; i < ALL_THRESHOLDS.length; i++) if (proportion >= ALL_THRESHOLDS[i]) reached = i;
  if (reached < 0 || ALL_THRESHOLDS[reached] <= highestFired) return null;
  // The proportion passed every threshold fired before (all lie at or below highestFired), so the
  // thresholds now covered are those it reaches.
  return { threshold: ALL_THRESHOLDS[reached], fired: COVERED[reached], proportion };
}

/** Whose progress goal_progress shows: the own member, the own team, or the whole group. */
export type GoalProgressPerspective = 'profile' | 'team' | 'group';

export interface GoalProgress {
  readonly perspective: GoalProgressPerspective;
  /** Progress of that subject in the period, in the goal type's unit. */
  readonly progress: number;
  /** progress / goal value (not capped: 1.3 is 130 %), null without a goal. */
  readonly proportion: number | null;
}

/**
 * goal_progress of a challenge seen by a requesting profile, for one period (the current one):
 * INDIVIDUAL -> its own progress; TEAM -> its team's progress (SUM or AVERAGE of the team's
 * members); GROUP -> the progress of all members together. A profile that is not a member sees 0
 * (INDIVIDUAL, TEAM) or the group's progress (GROUP).
 * `scores`: the period's stored scores of the challenge; `members`: the enrolled members.
 */
export function goalProgressFor(
  challenge: Pick<Challenge, 'type' | 'goalValue' | 'calculationMethod'>,
  requesterProfileId: string | null,
  members: readonly ChallengeMember[],
  scores: readonly Pick<MemberPeriodScore, 'profileId' | 'progress'>[],
): GoalProgress {
  const progressOf = new Map(scores.map((score) => [score.profileId, score.progress]));
  const own = members.find((member) => member.profileId === requesterProfileId);
  let perspective: GoalProgressPerspective;
  let subject: readonly ChallengeMember[];
  if (challenge.type === 'GROUP') {
    perspective = 'group';
    subject = members;
  } else if (challenge.type === 'TEAM') {
    perspective = 'team';
    subject = own && own.teamId !== null ? members.filter((member) => member.teamId === own.teamId) : [];
  } else {
    perspective = 'profile';
    subject = own ? [own] : [];
  }
  const progress = aggregateProgress(
    challenge.calculationMethod,
    subject.map((member) => progressOf.get(member.profileId) ?? 0),
    subject.length,
  );
  return { perspective, progress, proportion: goalProportion(progress, challenge.goalValue) };
}
