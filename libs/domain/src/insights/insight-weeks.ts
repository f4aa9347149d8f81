import { calendarDateMs } from '../shared/calendar-date';
import { isSupportedTime } from '../shared/supported-time-range';
import { InsightsError, InsightsErrorCode } from './insights-error';

/** The most ISO weeks one bio age request may span (a year and a bit: 53 weeks). */
export const MAX_INSIGHT_WEEKS = 53;

/** One ISO week, Monday to Sunday, as calendar dates (YYYY-MM-DD). */
export interface InsightWeek {
  readonly start: string;
  readonly end: string;
}

const DAY_MS = 86_400_000;

/** The UTC midnight of a real calendar date between 1900 and 2099, else null. */
function parseDate(value: string): Date | null {
  const ms = calendarDateMs(value);
  const date = ms === null ? null : new Date(ms);
  return date && isSupportedTime(date) ? date : null;
}

export const isoDate = (date: Date): string => date.toISOString().slice(0, 10);
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** The Monday of the ISO week holding `date` (UTC). */
export function mondayOf(date: Date): Date {
  return addDays(date, -((date.getUTCDay() + 6) % 7));
}

/**
 * Every ISO week that overlaps [startDate, endDate] (both included), oldest first. Refuses a
 * date that is no calendar date, an end before the start, and more than MAX_INSIGHT_WEEKS weeks.
 */
export function insightWeeks(startDate: string, endDate: string): InsightWeek[] {
  const start = parseDate(startDate);
  if (!start) throw new InsightsError(InsightsErrorCode.InvalidDateRange, 'start_date must be a calendar date YYYY-MM-DD between 1900 and 2099', 'start_date');
  const end = parseDate(endDate);
  if (!end) throw new InsightsError(InsightsErrorCode.InvalidDateRange, 'end_date must be a calendar date YYYY-MM-DD between 1900 and 2099', 'end_date');
  if (end < start) throw new InsightsError(InsightsErrorCode.InvalidDateRange, 'end_date must not be before start_date', 'end_date');
  const first = mondayOf(start);
  const count = Math.floor((mondayOf(end).getTime() - first.getTime()) / (7 * DAY_MS)) + 1;
  if (count > MAX_INSIGHT_WEEKS) {
    throw new InsightsError(InsightsErrorCode.InvalidDateRange, `the range spans ${count} ISO weeks; at most ${MAX_INSIGHT_WEEKS} are allowed`, 'end_date');
  }
  return Array.from({ length: count }, (_, i) => {
    const monday = addDays(first, 7 * i);
    return { start: isoDate(monday), end: isoDate(addDays(monday, 6)) };
  });
}
