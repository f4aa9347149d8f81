import fc from 'fast-check';
import { calendarDateMs } from './calendar-date';

describe(calendarDateMs.name, () => {
  it('answers the UTC midnight of a real date', () => {
    expect(calendarDateMs('2026-11-29')).toBe(1_795_910_400_000); // 20,786 days after 1970-01-01
    expect(calendarDateMs('1970-01-01')).toBe(0);
    expect(calendarDateMs('1969-12-31')).toBe(-86_400_000);
    expect(calendarDateMs('2024-02-29')).toBe(1_709_164_800_000);
    expect(calendarDateMs('2000-02-29')).toBe(951_782_400_000); // divisible by 400: a leap year
    expect(calendarDateMs('0050-06-01')).toBe(-60_576_249_600_000); // 701,114 days before 1970 (465 leap years in 50-1969), not 1950
    expect(calendarDateMs('9999-12-31')).toBe(253_402_214_400_000);
  });

  it.each([
    ['2025-02-29', 'February 29 of a common year'],
    ['1900-02-29', 'divisible by 100, not by 400: common'],
    ['2026-04-31', 'April has 30 days'],
    ['2026-13-01', 'month 13'],
    ['2026-00-10', 'month 0'],
    ['2026-03-00', 'day 0'],
    ['2026-3-01', 'one digit'],
    ['2026-03-011', 'too long'],
    ['2026/03/01', 'other separators'],
    ['2026-0a-01', 'a letter'],
    ['+202-03-01', 'a sign'],
    ['2026-03-01T00:00:00Z', 'a date-time'],
    ['', 'empty'],
  ])('refuses %s (%s)', (value) => {
    expect(calendarDateMs(value)).toBeNull();
  });

  it('agrees with the ISO date every instant from year 100 on is written as (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('0100-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (instant) => {
        const midnight = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
        expect(calendarDateMs(instant.toISOString().slice(0, 10))).toBe(midnight);
      }),
    );
  });
});
