import fc from 'fast-check';
import { ActivityRecordMother as Records, ChallengeMemberMother, ChallengeMother } from '../../testing/challenge-mother';
import { PeriodCalendar } from './period-calendar';
import {
  EMPTY_REPETITION_STATE, keepsRepetitionState, nextRepetitionState, PeriodOutcome, RepetitionState, repetitionScore, sameRepetitionState, scoreFromState, storedPeriodsRead,
} from './repetition';
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
        // Independently: the longest block of 'true's between 'false's, and the number of 'true's.
        const blocks = reached.map((r) => (r ? '1' : '0')).join('').split('0');
        expect(streak).toBe(Math.max(...blocks.map((block) => block.length)));
        expect(stick).toBe(reached.filter(Boolean).length);
        expect(streak).toBeLessThanOrEqual(stick);
        expect(stick).toBeLessThanOrEqual(reached.length);
      }),
    );
  });
});

describe(keepsRepetitionState.name, () => {
  it.each<[string, Parameters<typeof ChallengeMother.create>[0], boolean]>([
    ['INDIVIDUAL STREAK', { repetition: 'STREAK' }, true],
    ['INDIVIDUAL STICK TO IT', { repetition: 'STICK TO IT' }, true],
    ['INDIVIDUAL NONE', { repetition: 'NONE' }, false],
    ['INDIVIDUAL STREAK without a goal', { repetition: 'STREAK', goalValue: null }, false],
    ['TEAM STREAK (team boards fold team progress)', { type: 'TEAM', repetition: 'STREAK' }, false],
  ])('%s: %s', (_, overrides, kept) => {
    expect(keepsRepetitionState(ChallengeMother.create(overrides))).toBe(kept);
  });
});

describe(storedPeriodsRead.name, () => {
  it('reads from the period before to the challenge\'s last where states are carried on, else the rescored periods only', () => {
    // The default challenge: 7 daily periods (Mon 2026-03-02 .. Mon 03-09).
    expect(storedPeriodsRead(ChallengeMother.create({ repetition: 'STICK TO IT' }), 2, 3)).toEqual({ firstIndex: 1, lastIndex: 6 });
    expect(storedPeriodsRead(ChallengeMother.create({ repetition: 'STREAK' }), 0, 0)).toEqual({ firstIndex: 0, lastIndex: 6 });
    expect(storedPeriodsRead(ChallengeMother.create({ repetition: 'NONE' }), 2, 3)).toEqual({ firstIndex: 2, lastIndex: 3 });
    // A team challenge keeps no state, whatever its repetition.
    expect(storedPeriodsRead(ChallengeMother.create({ type: 'TEAM', repetition: 'STREAK' }), 2, 3)).toEqual({ firstIndex: 2, lastIndex: 3 });
  });
});

describe(nextRepetitionState.name, () => {
  // The 14-day example of docs/scoring.md section 7: reached days 0-2, 4-7, 10-11 and 13; day d's
  // goal was reached at 00:00 UTC of 2026-03-(2 + d).
  const reachedDays = new Set([0, 1, 2, 4, 5, 6, 7, 10, 11, 13]);
  const day = (d: number) => new Date(Date.UTC(2026, 2, 2 + d));
  const states: RepetitionState[] = [];
  let folded = EMPTY_REPETITION_STATE;
  for (let d = 0; d < 14; d++) {
    folded = nextRepetitionState(folded, { goalReached: reachedDays.has(d), goalReachedAt: reachedDays.has(d) ? day(d) : null });
    states.push(folded);
  }

  it.each<[number, number, number, number | null, number, number | null]>([
    // after day, currentRun, bestRun, bestRunAt (day), reachedCount, reachedCountAt (day)
    [0, 1, 1, 0, 1, 0],
    [2, 3, 3, 2, 3, 2],
    [3, 0, 3, 2, 3, 2], // day 3 missed: the run ends, the best and the count stay
    [6, 3, 3, 2, 6, 6], // run 4-6 equals the best: the earlier run keeps it (and its time)
    [7, 4, 4, 7, 7, 7], // run 4-7 is longer: a new best, completed on day 7
    [9, 0, 4, 7, 7, 7],
    [11, 2, 4, 7, 9, 11],
    [13, 1, 4, 7, 10, 13],
  ])('after day %i: run %i, best %i (day %s), count %i (day %s)', (d, currentRun, bestRun, bestDay, reachedCount, countDay) => {
    expect(states[d]).toEqual({
      currentRun,
      bestRun,
      bestRunAt: bestDay === null ? null : day(bestDay),
      reachedCount,
      reachedCountAt: countDay === null ? null : day(countDay),
    });
  });

  it('starts empty, and a period without a stored score counts as not reached', () => {
    expect(EMPTY_REPETITION_STATE).toEqual({ currentRun: 0, bestRun: 0, bestRunAt: null, reachedCount: 0, reachedCountAt: null });
    expect(nextRepetitionState(EMPTY_REPETITION_STATE, undefined)).toBe(EMPTY_REPETITION_STATE);
    expect(nextRepetitionState(states[2], undefined)).toEqual({ ...states[2], currentRun: 0 });
  });

  it('scores STREAK and STICK TO IT from a state, NONE and no-goal challenges from the period', () => {
    const period = { progress: 12_345, reachedAt: day(9) };
    expect(scoreFromState({ goalValue: 10_000, repetition: 'STREAK' }, period, states[13])).toEqual({ score: 4, reachedAt: day(7) });
    expect(scoreFromState({ goalValue: 10_000, repetition: 'STICK TO IT' }, period, states[13])).toEqual({ score: 10, reachedAt: day(13) });
    expect(scoreFromState({ goalValue: 10_000, repetition: 'NONE' }, period, states[13])).toEqual({ score: 12_345, reachedAt: day(9) });
    expect(scoreFromState({ goalValue: null, repetition: 'STREAK' }, period, states[13])).toEqual({ score: 12_345, reachedAt: day(9) });
    expect(scoreFromState({ goalValue: 10_000, repetition: 'NONE' }, undefined, states[13])).toEqual({ score: 0, reachedAt: null });
  });

  it('compares states by value, instants by time', () => {
    expect(sameRepetitionState(states[13], { ...states[13], bestRunAt: new Date(day(7).getTime()) })).toBe(true);
    expect(sameRepetitionState(states[13], { ...states[13], bestRunAt: null })).toBe(false);
    expect(sameRepetitionState(states[13], { ...states[13], reachedCountAt: day(12) })).toBe(false);
    expect(sameRepetitionState(states[12], states[13])).toBe(false);
    expect(sameRepetitionState(EMPTY_REPETITION_STATE, { ...EMPTY_REPETITION_STATE })).toBe(true);
  });

  it('folded over any outcomes, gives repetitionScore at every index for every repetition (property)', () => {
    const instant = fc.option(fc.integer({ min: 0, max: 10_000 }).map((minutes) => new Date(Date.UTC(2026, 2, 2) + minutes * 60_000)));
    const periodOutcome = fc.option(
      fc.record({ progress: fc.integer({ min: 0, max: 20 }), goalReached: fc.boolean(), goalReachedAt: instant, reachedAt: instant }),
      { nil: undefined },
    );
    fc.assert(
      fc.property(fc.array(periodOutcome, { maxLength: 40 }), (outcomes) => {
        let state = EMPTY_REPETITION_STATE;
        outcomes.forEach((current, index) => {
          state = nextRepetitionState(state, current);
          for (const rules of [
            { goalValue: 10, repetition: 'STREAK' as const },
            { goalValue: 10, repetition: 'STICK TO IT' as const },
            { goalValue: 10, repetition: 'NONE' as const },
            { goalValue: null, repetition: 'STREAK' as const },
          ]) {
            expect(scoreFromState(rules, current, state)).toEqual(repetitionScore(rules, outcomes, index));
          }
        });
      }),
      { numRuns: 500 },
    );
  });
});
