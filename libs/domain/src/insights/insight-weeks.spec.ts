import { insightWeeks } from './insight-weeks';
import { InsightsError } from './insights-error';

describe(insightWeeks.name, () => {
  it('lists every ISO week overlapping the range, Monday to Sunday', () => {
    // 2026-11-18 is a Wednesday (2026-11-16 Monday); 2026-11-30 is a Monday.
    expect(insightWeeks('2026-11-18', '2026-11-30')).toEqual([
      { start: '2026-11-16', end: '2026-11-22' },
      { start: '2026-11-23', end: '2026-11-29' },
      { start: '2026-11-30', end: '2026-12-06' },
    ]);
    // One day, a Sunday: its own week.
    expect(insightWeeks('2026-11-22', '2026-11-22')).toEqual([{ start: '2026-11-16', end: '2026-11-22' }]);
    // Across a year end: 2026-12-31 is a Thursday, its week starts on Monday 2026-12-28.
    expect(insightWeeks('2026-12-31', '2027-01-04')).toEqual([
      { start: '2026-12-28', end: '2027-01-03' },
      { start: '2027-01-04', end: '2027-01-10' },
    ]);
  });

  it('allows 53 weeks and refuses 54', () => {
    // Monday 2026-01-05 + 52 weeks = Monday 2027-01-04: 53 weeks.
    expect(insightWeeks('2026-01-05', '2027-01-04')).toHaveLength(53);
    expect(() => insightWeeks('2026-01-05', '2027-01-11')).toThrow('the range spans 54 ISO weeks; at most 53 are allowed');
  });

  it.each([
    ['2026-02-30', '2026-03-01', 'start_date'],
    ['2026-03-01', '2026-13-01', 'end_date'],
    ['26-03-01', '2026-03-02', 'start_date'],
    ['1899-12-31', '1900-01-01', 'start_date'],
    ['2026-03-02', '2026-03-01', 'end_date'],
  ])('refuses %s to %s (%s)', (start, end, field) => {
    let error: unknown;
    try {
      insightWeeks(start, end);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InsightsError);
    expect((error as InsightsError).field).toBe(field);
  });
});
