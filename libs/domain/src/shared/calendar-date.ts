import { digitsAt } from './digits';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * The UTC midnight (epoch milliseconds) of a real calendar date written YYYY-MM-DD, else null.
 * Read character by character, without a regular expression or a Date to check against: every
 * daily record of an upload (up to 1,000) is read through it.
 */
export function calendarDateMs(value: string): number | null {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return null; // 45: '-'
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1])) return null;
  // Date.UTC reads the years 0-99 as 1900-1999.
  return year >= 100 ? Date.UTC(year, month - 1, day) : new Date(0).setUTCFullYear(year, month - 1, day);
}
