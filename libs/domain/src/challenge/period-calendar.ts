import { DateTime } from 'luxon';
import { Challenge } from './challenge';
import { ScoringError, ScoringErrorCode } from './scoring-error';

/** One period of a challenge: [start, end), index 0-based as `periods/` lists them. */
export interface ChallengePeriod {
  readonly index: number;
  readonly start: Date;
  readonly end: Date;
}

/** The challenge fields that decide its periods. */
export type PeriodRules = Pick<Challenge, 'start' | 'end' | 'timezone' | 'goal' | 'goalValue'>;

const UNIT = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month' } as const;

/** Calendars shared by PeriodCalendar.of, oldest dropped first beyond this many. */
export const MAX_SHARED_CALENDARS = 256;
const CALENDARS = new Map<string, PeriodCalendar>();
/** Local dates a calendar keeps (localDateAt) before its memo is emptied. */
const MAX_LOCAL_DATES_MEMO = 4_096;

/** The calendar of a rules object already asked for (challenges are immutable): no key to build. */
const BY_RULES = new WeakMap<PeriodRules, PeriodCalendar>();

/**
 * The periods of one challenge, cut in its IANA time zone and clipped to [start, end).
 * DAILY cuts at local midnight, WEEKLY at local Monday midnight (ISO weeks), MONTHLY at
 * local midnight of the 1st; TOTAL and no-goal challenges have the single period [start, end).
 * Cutting works on local calendar fields, so a 23- or 25-hour DST day is still one day.
 * Build once per challenge and reuse: lookups are binary searches and memoized per date.
 */
export class PeriodCalendar {
  readonly periods: readonly ChallengePeriod[];
  /** 0..count-1, shared by callers that score every period. */
  readonly indexes: readonly number[];
  private readonly startsMs: readonly number[];
  private readonly startMs: number;
  private readonly endMs: number;
  /** Memo of local date -> period index (or null): daily summaries repeat the same few dates. */
  private readonly dateIndexMemo = new Map<string, { index: number; instant: Date } | null>();
  /** Memo of instant (epoch ms) -> local date, see localDateAt. */
  private readonly localDateMemo = new Map<number, string>();

  constructor(readonly rules: PeriodRules) {
    if (!DateTime.local().setZone(rules.timezone).isValid) {
      throw new ScoringError(ScoringErrorCode.InvalidTimezone, `Unknown time zone '${rules.timezone}'.`);
    }
    this.startMs = rules.start.getTime();
    this.endMs = rules.end.getTime();
    if (!(this.endMs > this.startMs)) {
      throw new ScoringError(ScoringErrorCode.InvalidDateRange, 'The challenge end must be after its start.');
    }
    this.periods = cutPeriods(rules);
    this.startsMs = this.periods.map((period) => period.start.getTime());
    this.indexes = this.periods.map((period) => period.index);
  }

  /**
   * The calendar of these rules, shared: cutting periods walks the local calendar (luxon), and
   * hot paths (every leaderboard read, every member rescored) ask for the same few challenges.
   * Calendars are immutable apart from their date memo, so sharing them is safe.
   */
  static of(rules: PeriodRules): PeriodCalendar {
    const same = BY_RULES.get(rules);
    if (same) return same;
    const key = `${rules.start.getTime()}|${rules.end.getTime()}|${rules.timezone}|${rules.goal}|${rules.goalValue === null}`;
    let calendar = CALENDARS.get(key);
    if (!calendar) {
      calendar = new PeriodCalendar(rules);
      if (CALENDARS.size >= MAX_SHARED_CALENDARS) CALENDARS.delete(CALENDARS.keys().next().value as string);
      CALENDARS.set(key, calendar);
    }
    BY_RULES.set(rules, calendar);
    return calendar;
  }

  get count(): number {
    return this.periods.length;
  }

  /** Whether `instant` lies inside [start, end) of the challenge. */
  contains(instant: Date): boolean {
    const t = instant.getTime();
    return t >= this.startMs && t < this.endMs;
  }

  /** Index of the period containing `instant`, or null outside [start, end). */
  indexContaining(instant: Date): number | null {
    return this.contains(instant) ? this.search(instant.getTime()) : null;
  }

  /** The "current" period at `instant`: the first before the start, the last after the end. */
  indexAt(instant: Date): number {
    const t = instant.getTime();
    if (t < this.startMs) return 0;
    if (t >= this.endMs) return this.periods.length - 1;
    return this.search(t);
  }

  /**
   * The period of `date_range`: an explicit 0-based index, or the current period at `now`
   * when omitted. Throws challenge.period_out_of_range for an index no period has.
   */
  select(dateRange: number | null | undefined, now: Date): ChallengePeriod {
    if (dateRange === null || dateRange === undefined) return this.periods[this.indexAt(now)];
    if (!Number.isInteger(dateRange) || dateRange < 0 || dateRange >= this.periods.length) {
      throw new ScoringError(
        ScoringErrorCode.PeriodOutOfRange,
        `date_range must be an integer from 0 to ${this.periods.length - 1}.`,
      );
    }
    return this.periods[dateRange];
  }

  /**
   * Where a daily summary's local calendar date (YYYY-MM-DD) falls. The date is read in the
   * challenge's time zone: day D is [D 00:00, D+1 00:00) local. It counts when that day overlaps
   * [start, end); its reference instant is the later of local midnight and the challenge start,
   * and its period is the one containing that instant (periods are unions of whole local days,
   * clipped, so a day never straddles two periods). Null: outside the challenge or not a date.
   */
  localDate(date: string): { index: number; instant: Date } | null {
    const memo = this.dateIndexMemo.get(date);
    if (memo !== undefined) return memo;
    const day = DateTime.fromISO(date, { zone: this.rules.timezone }).startOf('day');
    let result: { index: number; instant: Date } | null = null;
    if (day.isValid && /^\d{4}-\d{2}-\d{2}$/.test(date)) {
      const dayStart = day.toMillis();
      const dayEnd = day.plus({ days: 1 }).startOf('day').toMillis();
      if (dayEnd > this.startMs && dayStart < this.endMs) {
        const instant = Math.max(dayStart, this.startMs);
        result = { index: this.search(instant), instant: new Date(instant) };
      }
    }
    this.dateIndexMemo.set(date, result);
    return result;
  }

  /**
   * The instants [from, to) of local day `date` in the challenge zone: the range to rescore when
   * a daily summary of that date arrives. Null when `date` is not a YYYY-MM-DD date.
   */
  localDayRange(date: string): { from: Date; to: Date } | null {
    const day = DateTime.fromISO(date, { zone: this.rules.timezone }).startOf('day');
    if (!day.isValid || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
    return { from: day.toJSDate(), to: day.plus({ days: 1 }).startOf('day').toJSDate() };
  }

  /** The local dates (YYYY-MM-DD, both included) that [from, to) touches in the challenge zone. */
  localDateSpan(from: Date, to: Date): { first: string; last: string } {
    return { first: this.localDateAt(from.getTime()), last: this.localDateAt(Math.max(from.getTime(), to.getTime() - 1)) };
  }

  /**
   * The local date (YYYY-MM-DD) of an instant, memoized: rescoring asks it for every member of a
   * batch at the same few period bounds, and each luxon DateTime was a tenth of a day's rescoring's
   * allocations. The memo is emptied when full (instants of live data are not bounded).
   */
  private localDateAt(ms: number): string {
    let date = this.localDateMemo.get(ms);
    if (date === undefined) {
      date = DateTime.fromMillis(ms, { zone: this.rules.timezone }).toISODate() as string;
      if (this.localDateMemo.size >= MAX_LOCAL_DATES_MEMO) this.localDateMemo.clear();
      this.localDateMemo.set(ms, date);
    }
    return date;
  }

  /** Last period whose start <= t (t inside the challenge). */
  private search(t: number): number {
    let lo = 0;
    let hi = this.startsMs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.startsMs[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

function cutPeriods(rules: PeriodRules): ChallengePeriod[] {
  if (rules.goal === 'TOTAL' || rules.goalValue === null) {
    return [{ index: 0, start: rules.start, end: rules.end }];
  }
  const unit = UNIT[rules.goal];
  const endMs = rules.end.getTime();
  const periods: ChallengePeriod[] = [];
  let startMs = rules.start.getTime();
  while (startMs < endMs) {
    // Next local boundary: start of this unit + 1 unit, re-anchored at local midnight (if the
    // zone skips midnight on that day, luxon moves to the first valid instant).
    const next = DateTime.fromMillis(startMs, { zone: rules.timezone })
      .startOf(unit)
      .plus({ [unit]: 1 })
      .startOf('day')
      .toMillis();
    const periodEnd = Math.min(next, endMs);
    periods.push({ index: periods.length, start: new Date(startMs), end: new Date(periodEnd) });
    startMs = periodEnd;
  }
  return periods;
}
