import { Challenge } from './challenge';
import { ChallengeError, ChallengeErrorCode } from './challenge-error';
import { PeriodCalendar } from './period-calendar';

/** Everything a client sets on a challenge (POST/PUT bodies, after aliases are resolved). */
export type ChallengeDefinition = Omit<Challenge, 'id' | 'appId'>;

export const MAX_CHALLENGE_TITLE_LENGTH = 200;
/** DAILY periods of five years: beyond that a challenge is a mistake, and periods/ would be huge. */
export const MAX_CHALLENGE_PERIODS = 1_830;
export const MAX_GRACE_DAYS = 365;
/**
 * Ten years from start to end, checked before the periods are cut: cutting walks the calendar
 * period by period, so an unbounded span (start 2020, end 9999) would hold the process for a minute.
 */
export const MAX_CHALLENGE_SPAN_DAYS = 3_653;
/** Far above any real goal (a billion steps, metres, kcal, seconds or points); keeps sums finite. */
export const MAX_GOAL_VALUE = 1_000_000_000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The longest a period can last (a daylight-saving day has 25 hours): the span over it bounds the period count from below. */
const LONGEST_PERIOD_MS: Partial<Record<ChallengeDefinition['goal'], number>> = {
  DAILY: 25 * HOUR_MS,
  WEEKLY: 7 * DAY_MS + HOUR_MS,
  MONTHLY: 31 * DAY_MS + HOUR_MS,
};
const ACTIVITY_TYPE = /^[A-Z][A-Z0-9_]*$/;

/** The fields whose change alters scores: stored scores must then be recomputed. */
const SCORING_FIELDS = [
  'start', 'end', 'timezone', 'type', 'goal', 'goalValue', 'goalType', 'repetition', 'calculationMethod', 'dataSource',
  'activityTypes',
] as const satisfies readonly (keyof ChallengeDefinition)[];

function invalid(field: string, message: string): never {
  throw new ChallengeError(ChallengeErrorCode.InvalidDefinition, message, field);
}

/**
 * Builds a challenge from a definition, refusing what cannot be scored: an empty or over-long
 * title, end not after start, a span over MAX_CHALLENGE_SPAN_DAYS (checked before any period is
 * cut), an unknown time zone (ScoringError from the calendar), more than MAX_CHALLENGE_PERIODS
 * periods, a goal value that is not a positive number up to MAX_GOAL_VALUE, a negative or
 * non-integer grace period, an activity type that is not an upper-case word. Trims the title and
 * removes repeated activity types.
 */
export function defineChallenge(id: string, appId: string, definition: ChallengeDefinition): Challenge {
  const title = definition.title.trim();
  if (title.length === 0 || title.length > MAX_CHALLENGE_TITLE_LENGTH) {
    invalid('title', `A title has 1 to ${MAX_CHALLENGE_TITLE_LENGTH} characters.`);
  }
  if (Number.isNaN(definition.start.getTime())) invalid('start', 'start must be a valid date-time.');
  if (Number.isNaN(definition.end.getTime())) invalid('end', 'end must be a valid date-time.');
  if (definition.end.getTime() - definition.start.getTime() > MAX_CHALLENGE_SPAN_DAYS * DAY_MS) {
    invalid('end', `end must be at most ${MAX_CHALLENGE_SPAN_DAYS} days (ten years) after start.`);
  }
  // Too many periods for sure: refused before cutting them (cutting walks the calendar, ~0.1 ms a period).
  const longest = definition.goalValue === null ? undefined : LONGEST_PERIOD_MS[definition.goal];
  if (longest !== undefined && Math.floor((definition.end.getTime() - definition.start.getTime()) / longest) > MAX_CHALLENGE_PERIODS) {
    invalid('end', `end: a challenge has at most ${MAX_CHALLENGE_PERIODS} periods.`);
  }
  const calendar = PeriodCalendar.of(definition);
  if (calendar.count > MAX_CHALLENGE_PERIODS) {
    invalid('end', `end: a challenge has at most ${MAX_CHALLENGE_PERIODS} periods; this one would have ${calendar.count}.`);
  }
  if (
    definition.goalValue !== null &&
    !(Number.isFinite(definition.goalValue) && definition.goalValue > 0 && definition.goalValue <= MAX_GOAL_VALUE)
  ) {
    invalid('goal_value', `goal_value must be a positive number up to ${MAX_GOAL_VALUE}, or null for a leaderboard challenge.`);
  }
  if (!Number.isInteger(definition.graceDays) || definition.graceDays < 0 || definition.graceDays > MAX_GRACE_DAYS) {
    invalid('grace_days', `grace_days must be an integer from 0 to ${MAX_GRACE_DAYS}.`);
  }
  const bad = definition.activityTypes.find((type) => !ACTIVITY_TYPE.test(type));
  if (bad !== undefined) invalid('activity_types', `Activity type '${bad}' is not an upper-case word such as RUNNING.`);
  return { ...definition, id, appId, title, activityTypes: [...new Set(definition.activityTypes)] };
}

/** Whether going from `before` to `after` changes how scores are computed. */
export function changesScoring(before: ChallengeDefinition, after: ChallengeDefinition): boolean {
  return SCORING_FIELDS.some((field) => {
    const a = before[field];
    const b = after[field];
    if (a instanceof Date && b instanceof Date) return a.getTime() !== b.getTime();
    if (Array.isArray(a) && Array.isArray(b)) return a.length !== b.length || a.some((value, i) => value !== b[i]);
    return a !== b;
  });
}
