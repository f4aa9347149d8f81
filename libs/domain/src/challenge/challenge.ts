/** Vocabulary of a challenge, as the interface names it (interface.md "Challenge"). */
export const CHALLENGE_TYPES = ['INDIVIDUAL', 'TEAM', 'GROUP'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];

export const GOAL_PERIODS = ['DAILY', 'WEEKLY', 'MONTHLY', 'TOTAL'] as const;
export type GoalPeriod = (typeof GOAL_PERIODS)[number];

export const GOAL_TYPES = ['DISTANCE', 'STEPS', 'CALORIES', 'DURATION', 'POINTS'] as const;
export type GoalType = (typeof GOAL_TYPES)[number];

export const REPETITIONS = ['NONE', 'STREAK', 'STICK TO IT'] as const;
export type Repetition = (typeof REPETITIONS)[number];

export const CALCULATION_METHODS = ['SUM', 'AVERAGE'] as const;
export type CalculationMethod = (typeof CALCULATION_METHODS)[number];

export const VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const ENROLLMENT_METHODS = ['AUTOMATIC', 'MANUAL'] as const;
export type EnrollmentMethod = (typeof ENROLLMENT_METHODS)[number];

export const DATA_SOURCES = ['dailysummary', 'workout'] as const;
export type ChallengeDataSource = (typeof DATA_SOURCES)[number];

/** Default days after `end` during which late data still rescores a challenge (contract.md). */
export const DEFAULT_GRACE_DAYS = 7;

/**
 * The rules of one challenge: everything scoring, periods and membership need.
 * Units: distance metres, calories kcal, duration seconds, steps and points counts.
 */
export interface Challenge {
  /** Internal id (also the public_id in the API). */
  readonly id: string;
  readonly appId: string;
  readonly title: string;
  readonly start: Date;
  /** Exclusive upper bound of the challenge. */
  readonly end: Date;
  /** IANA time zone in which periods are cut; default 'UTC'. */
  readonly timezone: string;
  readonly type: ChallengeType;
  readonly goal: GoalPeriod;
  /** null: a leaderboard challenge without goal (one period, highest value wins). */
  readonly goalValue: number | null;
  readonly goalType: GoalType;
  readonly repetition: Repetition;
  readonly calculationMethod: CalculationMethod;
  readonly dataSource: ChallengeDataSource;
  /** Workout activity types that count when dataSource is 'workout' (empty: all). */
  readonly activityTypes: readonly string[];
  readonly enrollmentMethod: EnrollmentMethod;
  readonly visibility: Visibility;
  readonly graceDays: number;
  /** Presentation only (no rule reads them). */
  readonly slogan?: string;
  readonly description?: string;
  readonly avatar?: string | null;
}
