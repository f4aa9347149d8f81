import fc from 'fast-check';
import { DateTime } from 'luxon';
import { ChallengeMother } from '../../testing/challenge-mother';
import { Challenge } from './challenge';
import { MAX_SHARED_CALENDARS, PeriodCalendar } from './period-calendar';
import { ScoringError, ScoringErrorCode } from './scoring-error';

const iso = (date: Date): string => date.toISOString().replace('.000', '');
const cut = (overrides: Partial<Challenge>): string[][] =>
  PeriodCalendar.of(ChallengeMother.create(overrides)).periods.map((p) => [iso(p.start), iso(p.end)]);
const hours = (period: { start: Date; end: Date }): number => (period.end.getTime() - period.start.getTime()) / 3_600_000;

describe(PeriodCalendar.name, () => {
  describe('cutting periods (table worked out by hand)', () => {
    it.each<[string, Partial<Challenge>, string[][]]>([
      [
        // 2026-03-01 is a Sunday (Jan 1 2026 is a Thursday, +59 days = +3 weekdays). Start Wed 03-18
        // 13:00 CET = 12:00Z. Weeks start Monday 00:00 local: Mon 03-23 00:00 CET = 03-22T23:00Z;
        // DST starts Sun 03-29 (02:00 -> 03:00), so Mon 03-30 00:00 CEST = 03-29T22:00Z (a 167 h week);
        // Mon 04-06 00:00 CEST = 04-05T22:00Z; the last week is clipped at the end.
        'WEEKLY Europe/Berlin, mid-week start, spring DST',
        { timezone: 'Europe/Berlin', goal: 'WEEKLY', start: new Date('2026-03-18T12:00:00Z'), end: new Date('2026-04-08T00:00:00Z') },
        [
          ['2026-03-18T12:00:00Z', '2026-03-22T23:00:00Z'],
          ['2026-03-22T23:00:00Z', '2026-03-29T22:00:00Z'],
          ['2026-03-29T22:00:00Z', '2026-04-05T22:00:00Z'],
          ['2026-04-05T22:00:00Z', '2026-04-08T00:00:00Z'],
        ],
      ],
      [
        // Oct 1 2026 is a Thursday, so Mon 10-19 and Mon 10-26; DST ends Sun 10-25 (03:00 -> 02:00):
        // Mon 10-19 00:00 CEST = 10-18T22:00Z, Mon 10-26 00:00 CET = 10-25T23:00Z (a 169 h week).
        'WEEKLY Europe/Berlin, autumn DST',
        { timezone: 'Europe/Berlin', goal: 'WEEKLY', start: new Date('2026-10-18T22:00:00Z'), end: new Date('2026-11-01T23:00:00Z') },
        [
          ['2026-10-18T22:00:00Z', '2026-10-25T23:00:00Z'],
          ['2026-10-25T23:00:00Z', '2026-11-01T23:00:00Z'],
        ],
      ],
      [
        // DST in New York starts Sun 2026-03-08 (second Sunday): Sat 00:00 EST = 05:00Z,
        // Sun 00:00 EST = 05:00Z, Mon 00:00 EDT = 04:00Z (a 23 h Sunday), Tue 00:00 EDT = 04:00Z.
        'DAILY America/New_York, spring DST',
        { timezone: 'America/New_York', goal: 'DAILY', start: new Date('2026-03-07T05:00:00Z'), end: new Date('2026-03-10T04:00:00Z') },
        [
          ['2026-03-07T05:00:00Z', '2026-03-08T05:00:00Z'],
          ['2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z'],
          ['2026-03-09T04:00:00Z', '2026-03-10T04:00:00Z'],
        ],
      ],
      [
        // DST in New York ends Sun 2026-11-01: Mon 10-26 00:00 EDT = 04:00Z, Mon 11-02 00:00 EST = 05:00Z.
        'WEEKLY America/New_York, autumn DST',
        { timezone: 'America/New_York', goal: 'WEEKLY', start: new Date('2026-10-26T04:00:00Z'), end: new Date('2026-11-09T05:00:00Z') },
        [
          ['2026-10-26T04:00:00Z', '2026-11-02T05:00:00Z'],
          ['2026-11-02T05:00:00Z', '2026-11-09T05:00:00Z'],
        ],
      ],
      [
        // 2028 is a leap year: February has 29 days, so March starts 29 days after Feb 1.
        'MONTHLY UTC across February 2028',
        { goal: 'MONTHLY', start: new Date('2028-01-15T00:00:00Z'), end: new Date('2028-04-01T00:00:00Z') },
        [
          ['2028-01-15T00:00:00Z', '2028-02-01T00:00:00Z'],
          ['2028-02-01T00:00:00Z', '2028-03-01T00:00:00Z'],
          ['2028-03-01T00:00:00Z', '2028-04-01T00:00:00Z'],
        ],
      ],
      [
        // Tonga is UTC+13 all year: local midnight is 11:00Z of the previous UTC day.
        'DAILY Pacific/Tongatapu (UTC+13)',
        { timezone: 'Pacific/Tongatapu', goal: 'DAILY', start: new Date('2026-03-01T11:00:00Z'), end: new Date('2026-03-03T11:00:00Z') },
        [
          ['2026-03-01T11:00:00Z', '2026-03-02T11:00:00Z'],
          ['2026-03-02T11:00:00Z', '2026-03-03T11:00:00Z'],
        ],
      ],
      [
        // Samoa is UTC+13 (no DST since 2021). Start Wed 2026-03-04 00:00 local = 03-03T11:00Z;
        // the next Monday is 03-09, 00:00 local = 03-08T11:00Z.
        'WEEKLY Pacific/Apia (UTC+13), mid-week start',
        { timezone: 'Pacific/Apia', goal: 'WEEKLY', start: new Date('2026-03-03T11:00:00Z'), end: new Date('2026-03-15T11:00:00Z') },
        [
          ['2026-03-03T11:00:00Z', '2026-03-08T11:00:00Z'],
          ['2026-03-08T11:00:00Z', '2026-03-15T11:00:00Z'],
        ],
      ],
      [
        // Chile starts DST at local midnight of Sun 2026-09-06: 00:00 does not exist, the day
        // begins at 01:00 -03 = 04:00Z, the same instant as Sat 00:00 -04 + 24 h; Mon 00:00 -03 = 03:00Z.
        'DAILY America/Santiago, a day whose midnight is skipped',
        { timezone: 'America/Santiago', goal: 'DAILY', start: new Date('2026-09-05T04:00:00Z'), end: new Date('2026-09-07T03:00:00Z') },
        [
          ['2026-09-05T04:00:00Z', '2026-09-06T04:00:00Z'],
          ['2026-09-06T04:00:00Z', '2026-09-07T03:00:00Z'],
        ],
      ],
      [
        'TOTAL: one period [start, end)',
        { goal: 'TOTAL', start: new Date('2026-03-02T00:00:00Z'), end: new Date('2026-04-02T00:00:00Z') },
        [['2026-03-02T00:00:00Z', '2026-04-02T00:00:00Z']],
      ],
      [
        'no goal (leaderboard) DAILY: still one period',
        { goal: 'DAILY', goalValue: null, start: new Date('2026-03-02T00:00:00Z'), end: new Date('2026-03-05T00:00:00Z') },
        [['2026-03-02T00:00:00Z', '2026-03-05T00:00:00Z']],
      ],
    ])('%s', (_name, overrides, expected) => {
      expect(cut(overrides)).toEqual(expected);
    });

    it('keeps 23 h and 25 h days as single DAILY periods in Europe/Berlin', () => {
      // 2026-03-29 (spring) has 23 local hours, 2026-10-25 (autumn) 25.
      const spring = PeriodCalendar.of(ChallengeMother.create({
        timezone: 'Europe/Berlin', start: new Date('2026-03-28T23:00:00Z'), end: new Date('2026-03-29T22:00:00Z'),
      }));
      const autumn = PeriodCalendar.of(ChallengeMother.create({
        timezone: 'Europe/Berlin', start: new Date('2026-10-24T22:00:00Z'), end: new Date('2026-10-25T23:00:00Z'),
      }));
      expect(spring.periods.map(hours)).toEqual([23]);
      expect(autumn.periods.map(hours)).toEqual([25]);
    });

    it('gives February 2028 twenty-nine DAILY periods', () => {
      const calendar = PeriodCalendar.of(ChallengeMother.create({
        start: new Date('2028-02-01T00:00:00Z'), end: new Date('2028-03-01T00:00:00Z'),
      }));
      expect(calendar.count).toBe(29);
      expect(calendar.localDate('2028-02-29')?.index).toBe(28);
    });
  });

  it('cuts contiguous, non-empty periods on local boundaries in any zone (property)', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'America/Santiago', 'Pacific/Apia', 'Pacific/Tongatapu',
      'Asia/Kolkata', 'Australia/Lord_Howe', 'Pacific/Chatham'];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom('DAILY' as const, 'WEEKLY' as const, 'MONTHLY' as const),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 11, 31) }),
        fc.integer({ min: 1, max: 120 * 24 * 60 }), // duration in minutes
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (timezone, goal, startMs, minutes, where) => {
          const start = new Date(startMs);
          const end = new Date(startMs + minutes * 60_000);
          const sut = PeriodCalendar.of(ChallengeMother.create({ timezone, goal, start, end }));
          const periods = sut.periods;
          expect(periods[0].start).toEqual(start);
          expect(periods[periods.length - 1].end).toEqual(end);
          periods.forEach((period, i) => {
            expect(period.index).toBe(i);
            expect(period.end.getTime()).toBeGreaterThan(period.start.getTime());
            if (i > 0) {
              expect(period.start).toEqual(periods[i - 1].end);
              const local = DateTime.fromJSDate(period.start, { zone: timezone });
              expect(local.startOf('day').toMillis()).toBe(local.toMillis());
              if (goal === 'WEEKLY') expect(local.weekday).toBe(1);
              if (goal === 'MONTHLY') expect(local.day).toBe(1);
            }
          });
          const t = new Date(startMs + Math.floor(where * minutes * 60_000));
          const found = periods[sut.indexAt(t)];
          expect(found.start.getTime()).toBeLessThanOrEqual(t.getTime());
          expect(found.end.getTime()).toBeGreaterThan(t.getTime());
        },
      ),
      { numRuns: 200 },
    );
  });

  describe('finding a period', () => {
    // DAILY UTC, Mon 2026-03-02 .. Mon 2026-03-09: 7 periods.
    const sut = PeriodCalendar.of(ChallengeMother.create());

    it.each<[string, number]>([
      ['2026-02-01T00:00:00Z', 0], // before the start: the first
      ['2026-03-02T00:00:00Z', 0],
      ['2026-03-04T23:59:59.999Z', 2],
      ['2026-03-05T00:00:00Z', 3],
      ['2026-03-08T23:59:59Z', 6],
      ['2026-03-09T00:00:00Z', 6], // end is exclusive: after the end, the last
      ['2027-01-01T00:00:00Z', 6],
    ])('indexAt(%s) = %i', (instant, expected) => {
      expect(sut.indexAt(new Date(instant))).toBe(expected);
    });

    it('indexContaining is null outside [start, end)', () => {
      expect(sut.indexContaining(new Date('2026-03-01T23:59:59Z'))).toBeNull();
      expect(sut.indexContaining(new Date('2026-03-09T00:00:00Z'))).toBeNull();
      expect(sut.indexContaining(new Date('2026-03-03T10:00:00Z'))).toBe(1);
    });

    it('selects date_range, or the current period when omitted', () => {
      const now = new Date('2026-03-04T10:00:00Z');
      expect(sut.select(undefined, now).index).toBe(2);
      expect(sut.select(null, now).index).toBe(2);
      expect(sut.select(5, now).index).toBe(5);
      expect(iso(sut.select(5, now).start)).toBe('2026-03-07T00:00:00Z');
    });

    it.each([-1, 7, 1.5, Number.NaN])('refuses date_range %p with challenge.period_out_of_range', (dateRange) => {
      const error = captureError(() => sut.select(dateRange, new Date()));
      expect(error).toBeInstanceOf(ScoringError);
      expect((error as ScoringError).code).toBe(ScoringErrorCode.PeriodOutOfRange);
    });
  });

  describe('daily summary dates', () => {
    it('maps a local date to the period containing it in the challenge zone', () => {
      const tonga = PeriodCalendar.of(ChallengeMother.create({
        timezone: 'Pacific/Tongatapu', start: new Date('2026-03-01T11:00:00Z'), end: new Date('2026-03-03T11:00:00Z'),
      }));
      // 2026-03-02 local = [03-01T11:00Z, 03-02T11:00Z): the first period.
      expect(tonga.localDate('2026-03-02')).toEqual({ index: 0, instant: new Date('2026-03-01T11:00:00Z') });
      expect(tonga.localDate('2026-03-03')).toEqual({ index: 1, instant: new Date('2026-03-02T11:00:00Z') });
      expect(tonga.localDate('2026-03-01')).toBeNull(); // ends at the start
      expect(tonga.localDate('2026-03-04')).toBeNull(); // begins at the end
    });

    it('counts the start day of a challenge starting mid-day, at the start instant', () => {
      const sut = PeriodCalendar.of(ChallengeMother.create({ start: new Date('2026-03-02T12:00:00Z') }));
      expect(sut.localDate('2026-03-02')).toEqual({ index: 0, instant: new Date('2026-03-02T12:00:00Z') });
      // Asking again hits the memo and gives the same answer.
      expect(sut.localDate('2026-03-02')).toBe(sut.localDate('2026-03-02'));
    });

    it.each(['not-a-date', '2026-02-30', '2026-03-04T10:00'])('ignores %p', (date) => {
      expect(PeriodCalendar.of(ChallengeMother.create()).localDate(date)).toBeNull();
    });

    it('gives the local day range and date span used to rescore and to read history', () => {
      const berlin = PeriodCalendar.of(ChallengeMother.create({ timezone: 'Europe/Berlin' }));
      // 2026-03-29 in Berlin: 00:00 CET = 03-28T23:00Z to 00:00 CEST = 03-29T22:00Z.
      expect(berlin.localDayRange('2026-03-29')).toEqual({
        from: new Date('2026-03-28T23:00:00Z'),
        to: new Date('2026-03-29T22:00:00Z'),
      });
      expect(berlin.localDayRange('garbage')).toBeNull();
      // [03-01T23:00Z, 03-08T23:00Z) is Mon 03-02 .. Sun 03-08 local (the end is exclusive).
      expect(berlin.localDateSpan(new Date('2026-03-01T23:00:00Z'), new Date('2026-03-08T23:00:00Z'))).toEqual({
        first: '2026-03-02',
        last: '2026-03-08',
      });
    });
  });

  it('gives every instant its local date, asked once, again, and after more instants than it remembers', () => {
    const berlin = PeriodCalendar.of(ChallengeMother.create({ timezone: 'Europe/Berlin' }));
    // Berlin is UTC+1 until 2026-03-29T01:00Z, then UTC+2 (the next change is in October).
    const summerFrom = Date.UTC(2026, 2, 29, 1);
    const expected = (ms: number) => new Date(ms + (ms >= summerFrom ? 2 : 1) * 3_600_000).toISOString().slice(0, 10);
    // 5,000 hourly instants from 2026-03-01: more than the 4,096 the calendar keeps, so the memo is emptied during the first pass and the second asks again what it forgot.
    const instants = Array.from({ length: 5_000 }, (_, hour) => Date.UTC(2026, 2, 1) + hour * 3_600_000);
    for (let pass = 0; pass < 2; pass++) {
      for (const ms of instants) expect(berlin.localDateSpan(new Date(ms), new Date(ms + 1)).first).toBe(expected(ms));
    }
    expect(berlin.localDateSpan(new Date(Date.UTC(2026, 2, 28, 23)), new Date(Date.UTC(2026, 2, 29, 22))).first).toBe('2026-03-29');
  });

  describe('invalid rules', () => {
    it.each<[string, Partial<Challenge>, ScoringErrorCode]>([
      ['an unknown time zone', { timezone: 'Mars/Olympus' }, ScoringErrorCode.InvalidTimezone],
      ['end equal to start', { end: new Date('2026-03-02T00:00:00Z') }, ScoringErrorCode.InvalidDateRange],
      ['end before start', { end: new Date('2026-03-01T00:00:00Z') }, ScoringErrorCode.InvalidDateRange],
    ])('refuses %s', (_name, overrides, code) => {
      const error = captureError(() => PeriodCalendar.of(ChallengeMother.create(overrides)));
      expect((error as ScoringError).code).toBe(code);
    });
  });
});

function captureError(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('PeriodCalendar.of (shared calendars)', () => {
  const rules = (day: number) => ({
    start: new Date(Date.UTC(2030, 0, day)), end: new Date(Date.UTC(2030, 0, day + 3)), timezone: 'UTC', goal: 'DAILY' as const, goalValue: 1,
  });

  it('returns the same calendar for the same period rules, a new one for other rules', () => {
    const first = PeriodCalendar.of(rules(1));
    expect(PeriodCalendar.of({ ...rules(1), goalValue: 5 })).toBe(first);
    expect(PeriodCalendar.of({ ...rules(1), goalValue: null })).not.toBe(first);
    expect(PeriodCalendar.of(rules(2))).not.toBe(first);
  });

  it('keeps at most MAX_SHARED_CALENDARS, dropping the oldest', () => {
    const oldest = PeriodCalendar.of({ ...rules(1), timezone: 'Europe/Paris' });
    for (let i = 0; i < MAX_SHARED_CALENDARS; i++) PeriodCalendar.of({ ...rules(1), end: new Date(Date.UTC(2030, 1, 1) + i * 60_000) });
    expect(PeriodCalendar.of({ ...rules(1), timezone: 'Europe/Paris' })).not.toBe(oldest);
  });

  it('keeps the calendar of a rules object with the object, whatever the shared ones dropped', () => {
    const challenge = { ...rules(1), timezone: 'Asia/Tokyo' };
    const calendar = PeriodCalendar.of(challenge);
    for (let i = 0; i < MAX_SHARED_CALENDARS; i++) PeriodCalendar.of({ ...rules(1), end: new Date(Date.UTC(2030, 2, 1) + i * 60_000) });
    expect(PeriodCalendar.of(challenge)).toBe(calendar);
    expect(PeriodCalendar.of({ ...challenge })).not.toBe(calendar);
  });
});
