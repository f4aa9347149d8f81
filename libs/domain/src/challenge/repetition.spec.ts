import fc from 'fast-check';
import { ActivityRecordMother as Records, ChallengeMemberMother, ChallengeMother } from '../../testing/challenge-mother';
import { PeriodCalendar } from './period-calendar';
import { longestStreak, PeriodOutcome, repetitionScore, stickToItCount } from './repetition';
import { scoreMemberPeriods } from './scoring';

const outcome = (goalReached: boolean, hour = 0, progress = goalReached ? 1 : 0): PeriodOutcome => ({
  progress,
  goalReached,
  goalReachedAt: goalReached ? new Date(Date.UTC(2026, 2, 2, hour)) : null,
  reachedAt: progress !== 0 ? new Date(Date.UTC(2026, 2, 2, hour)) : null,
});

describe(repetitionScore.name, () => {
  describe('a 14-day DAILY 10,000-steps challenge with gaps', () => {
    // Mon 2026-03-02 .. Mon 2026-03-16 (14 days, UTC). Steps per day (x = below 10,000):
    // day:    0  1  2  3  4  5  6  7  8  9 10 11 12 13
    // goal:   Y  Y  Y  x  Y  Y  Y  Y  x  x  Y  Y  x  Y
    // runs: 3 (days 0-2), 4 (days 4-7), 2 (days 10-11), 1 (day 13) -> STREAK 4; reached days: 10.
    const steps = [10_000, 12_000, 15_000, 9_999, 10_500, 11_000, 10_000, 20_000, 0, 3_000, 10_001, 10_002, 500, 10_000];
    const challenge = ChallengeMother.create({ end: new Date('2026-03-16T00:00:00Z') });
    const calendar = PeriodCalendar.of(challenge);
    const dailySummaries = steps.map((s, day) => Records.dailySummary({ date: `2026-03-${String(2 + day).padStart(2, '0')}`, steps: s }));
    const outcomes = scoreMemberPeriods(calendar, challenge, ChallengeMemberMother.create(), { dailySummaries });

    it('has 14 periods', () => expect(calendar.count).toBe(14));

    it.each<[number, number, number]>([
      // selected period, STREAK, STICK TO IT (counted over periods 0..selected)
      [0, 1, 1],
      [2, 3, 3],
      [3, 3, 3], // day 3 breaks the run
      [6, 3, 6], // run 4-6 has length 3: ties keep the earlier run
      [7, 4, 7], // run 4-7 has length 4
      [9, 4, 7],
      [13, 4, 10],
    ])('up to period %i: STREAK %i, STICK TO IT %i', (selected, streak, stick) => {
      expect(repetitionScore({ ...challenge, repetition: 'STREAK' }, outcomes, selected).score).toBe(streak);
      expect(repetitionScore({ ...challenge, repetition: 'STICK TO IT' }, outcomes, selected).score).toBe(stick);
    });

    it('NONE scores the progress of the selected period', () => {
      expect(repetitionScore({ ...challenge, repetition: 'NONE' }, outcomes, 7)).toEqual({
        score: 20_000,
        reachedAt: new Date('2026-03-09T00:00:00Z'), // day 7 = 03-09, summaries count at local midnight
      });
    });

    it('a STREAK is reached when its run first reached that length', () => {
      // The 4-run completes on day 7 (03-09); the later runs are shorter.
      expect(repetitionScore({ ...challenge, repetition: 'STREAK' }, outcomes, 13).reachedAt).toEqual(new Date('2026-03-09T00:00:00Z'));
      // STICK TO IT: the 10th reached period is day 13 (03-15).
      expect(repetitionScore({ ...challenge, repetition: 'STICK TO IT' }, outcomes, 13).reachedAt).toEqual(new Date('2026-03-15T00:00:00Z'));
    });
  });

  it('scores the progress of a no-goal challenge whatever the repetition', () => {
    const rules = { goalValue: null, repetition: 'STREAK' as const };
    expect(repetitionScore(rules, [outcome(false, 5, 42_000)], 0)).toEqual({ score: 42_000, reachedAt: new Date(Date.UTC(2026, 2, 2, 5)) });
  });

  it('treats missing periods as not reached', () => {
    const rules = { goalValue: 1, repetition: 'STREAK' as const };
    expect(repetitionScore(rules, [outcome(true), undefined, outcome(true), outcome(true)], 3).score).toBe(2);
    expect(repetitionScore({ ...rules, repetition: 'NONE' }, [], 2)).toEqual({ score: 0, reachedAt: null });
  });

  it('STREAK <= STICK TO IT <= number of periods (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 60 }), (reached) => {
        const outcomes = reached.map((r) => outcome(r));
        const last = reached.length - 1;
        const streak = repetitionScore({ goalValue: 1, repetition: 'STREAK' }, outcomes, last).score;
        const stick = repetitionScore({ goalValue: 1, repetition: 'STICK TO IT' }, outcomes, last).score;
        expect(streak).toBe(longestStreak(reached));
        expect(stick).toBe(stickToItCount(reached));
        expect(streak).toBeLessThanOrEqual(stick);
        expect(stick).toBeLessThanOrEqual(reached.length);
      }),
    );
  });
});

describe(longestStreak.name, () => {
  it.each<[boolean[], number]>([
    [[], 0],
    [[false, false], 0],
    [[true, false, true, true, false, true], 2],
    [[true, true, true], 3],
  ])('%j -> %i', (reached, expected) => expect(longestStreak(reached)).toBe(expected));
});
