import fc from 'fast-check';
import { ChallengeMemberMother } from '../../testing/challenge-mother';
import { MemberPeriodScore } from './member-period-score';
import {
  detectThresholdCrossing, firedThresholdCount, firedThresholdsOf, GOAL_THRESHOLD, goalProgressFor, goalProportion, PARTIAL_GOAL_THRESHOLDS,
} from './progress';

const individual = { type: 'INDIVIDUAL' as const, goalValue: 10_000 };

describe(detectThresholdCrossing.name, () => {
  it('uses the thresholds of the interface: 25, 50, 75 % and the goal', () => {
    expect([...PARTIAL_GOAL_THRESHOLDS, GOAL_THRESHOLD]).toEqual([0.25, 0.5, 0.75, 1]);
  });

  it.each<[string, number, number[], { threshold: number; fired: number[]; proportion: number } | null]>([
    ['below 25 %', 2_499, [], null],
    ['exactly 25 %', 2_500, [], { threshold: 0.25, fired: [0.25], proportion: 0.25 }],
    // 0 -> 80 %: 25, 50 and 75 crossed at once, one notification carrying 75 %.
    ['several at once: the highest', 8_000, [], { threshold: 0.75, fired: [0.25, 0.5, 0.75], proportion: 0.8 }],
    ['100 % is the goal', 10_000, [0.25], { threshold: 1, fired: [0.25, 0.5, 0.75, 1], proportion: 1 }],
    ['above the goal', 15_000, [], { threshold: 1, fired: [0.25, 0.5, 0.75, 1], proportion: 1.5 }],
    ['already fired: nothing new', 6_000, [0.25, 0.5], null],
    ['a skipped threshold never fires later', 6_000, [0.75], null],
    ['next threshold after fired ones', 7_600, [0.25, 0.5], { threshold: 0.75, fired: [0.25, 0.5, 0.75], proportion: 0.76 }],
  ])('%s', (_name, progress, fired, expected) => {
    expect(detectThresholdCrossing(individual, progress, fired)).toEqual(expected);
  });

  it.each<[string, { type: 'INDIVIDUAL' | 'TEAM' | 'GROUP'; goalValue: number | null }]>([
    ['TEAM challenges', { type: 'TEAM', goalValue: 10 }],
    ['GROUP challenges', { type: 'GROUP', goalValue: 10 }],
    ['no-goal challenges', { type: 'INDIVIDUAL', goalValue: null }],
    ['a zero goal', { type: 'INDIVIDUAL', goalValue: 0 }],
  ])('never notifies for %s', (_name, rules) => {
    expect(detectThresholdCrossing(rules, 1_000, [])).toBeNull();
  });

  it('remembers as fired the thresholds fired before and every one reached, each once and in order (property)', () => {
    const thresholds = [...PARTIAL_GOAL_THRESHOLDS, GOAL_THRESHOLD];
    fc.assert(
      fc.property(fc.subarray(thresholds), fc.integer({ min: -2_000, max: 14_000 }), (fired, progress) => {
        const crossing = detectThresholdCrossing(individual, progress, fired);
        const reached = thresholds.filter((t) => progress / 10_000 >= t);
        const highestFired = Math.max(0, ...fired);
        const fresh = reached.filter((t) => t > highestFired);
        if (fresh.length === 0) return expect(crossing).toBeNull();
        expect(crossing).toEqual({
          threshold: fresh[fresh.length - 1],
          fired: thresholds.filter((t) => fired.includes(t) || reached.includes(t)),
          proportion: progress / 10_000,
        });
      }),
    );
  });

  it('fires each threshold at most once per member and period, one notification per score change (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -2_000, max: 14_000 }), { maxLength: 30 }), (scores) => {
        let fired: readonly number[] = [];
        const notified: number[] = [];
        for (const score of scores) {
          const crossing = detectThresholdCrossing(individual, score, fired);
          if (crossing) {
            notified.push(crossing.threshold);
            fired = crossing.fired;
          }
        }
        expect(new Set(notified).size).toBe(notified.length);
        // Notified thresholds strictly rise and every one was really reached at its time.
        expect([...notified].sort((a, b) => a - b)).toEqual(notified);
        const highest = Math.max(0, ...scores) / 10_000;
        notified.forEach((t) => expect(t).toBeLessThanOrEqual(highest));
      }),
    );
  });
});

describe('fired thresholds as a count (how scores store them)', () => {
  it.each<[number[], number]>([
    [[], 0],
    [[0.25], 1],
    [[0.25, 0.5, 0.75], 3],
    [[0.25, 0.5, 0.75, 1], 4],
    // A list with a gap counts up to its highest, as the rule reads it.
    [[0.75], 3],
    [[0.5, 1], 4],
  ])('%j counts %i', (fired, count) => {
    expect(firedThresholdCount(fired)).toBe(count);
  });

  it.each<[number, number[]]>([
    [0, []],
    [1, [0.25]],
    [2, [0.25, 0.5]],
    [4, [0.25, 0.5, 0.75, 1]],
  ])('%i is %j', (count, fired) => {
    expect(firedThresholdsOf(count)).toEqual(fired);
  });

  it('loses nothing the crossing rule reads (property)', () => {
    const thresholds = [...PARTIAL_GOAL_THRESHOLDS, GOAL_THRESHOLD];
    fc.assert(
      fc.property(fc.subarray(thresholds), fc.integer({ min: -2_000, max: 14_000 }), (fired, progress) => {
        const stored = firedThresholdsOf(firedThresholdCount(fired));
        expect(detectThresholdCrossing(individual, progress, stored)).toEqual(detectThresholdCrossing(individual, progress, fired));
        expect(firedThresholdCount(stored)).toBe(firedThresholdCount(fired));
      }),
    );
  });
});

describe(goalProgressFor.name, () => {
  const members = [
    ChallengeMemberMother.create({ profileId: 'ann', teamId: 'red' }),
    ChallengeMemberMother.create({ profileId: 'bob', teamId: 'red' }),
    ChallengeMemberMother.create({ profileId: 'cid', teamId: 'blue' }),
    ChallengeMemberMother.create({ profileId: 'dan', teamId: null }),
  ];
  const score = (profileId: string, progress: number) => ({ profileId, progress }) as MemberPeriodScore;
  const scores = [score('ann', 3_000), score('bob', 5_000), score('cid', 8_000), score('outsider', 99_999)];

  it.each<[string, 'INDIVIDUAL' | 'TEAM' | 'GROUP', 'SUM' | 'AVERAGE', string | null, number, number | null]>([
    ['own progress', 'INDIVIDUAL', 'SUM', 'ann', 3_000, 0.3], // 3000 / 10000
    ['own team, SUM', 'TEAM', 'SUM', 'ann', 8_000, 0.8], // 3000 + 5000
    ['own team, AVERAGE', 'TEAM', 'AVERAGE', 'bob', 4_000, 0.4], // (3000 + 5000) / 2
    ['group, SUM', 'GROUP', 'SUM', 'cid', 16_000, 1.6], // 3000 + 5000 + 8000 + 0 (dan)
    ['group, AVERAGE', 'GROUP', 'AVERAGE', 'cid', 4_000, 0.4], // 16000 / 4 members
    ['group seen by a non-member', 'GROUP', 'SUM', 'stranger', 16_000, 1.6],
    ['a non-member of an individual challenge', 'INDIVIDUAL', 'SUM', 'stranger', 0, 0],
    ['a member without a team in a team challenge', 'TEAM', 'SUM', 'dan', 0, 0],
    ['an administrator (no profile)', 'TEAM', 'SUM', null, 0, 0],
  ])('%s', (_name, type, calculationMethod, requester, progress, proportion) => {
    const result = goalProgressFor({ type, calculationMethod, goalValue: 10_000 }, requester, members, scores);
    expect(result.progress).toBe(progress);
    expect(result.proportion).toBe(proportion);
  });

  it('has no proportion without a goal', () => {
    expect(goalProgressFor({ type: 'INDIVIDUAL', calculationMethod: 'SUM', goalValue: null }, 'ann', members, scores))
      .toEqual({ perspective: 'profile', progress: 3_000, proportion: null });
    expect(goalProportion(5, null)).toBeNull();
  });
});
