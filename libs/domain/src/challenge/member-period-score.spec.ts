import { EMPTY_REPETITION_STATE } from './repetition';
import { isEmptyScore, MemberPeriodScore, sameScore, ZERO_TOTALS } from './member-period-score';

describe(sameScore.name, () => {
  const stored: MemberPeriodScore = {
    challengeId: 'challenge-1', profileId: 'profile-1', teamId: 'team-1', periodIndex: 3,
    periodStart: new Date('2026-03-05T00:00:00Z'), periodEnd: new Date('2026-03-06T00:00:00Z'),
    progress: 10_500, goalReached: true, goalReachedAt: new Date('2026-03-05T17:00:00Z'), reachedAt: new Date('2026-03-05T20:00:00Z'),
    repetition: { currentRun: 2, bestRun: 3, bestRunAt: new Date('2026-03-02T18:00:00Z'), reachedCount: 4, reachedCountAt: new Date('2026-03-05T17:00:00Z') },
    firedThresholds: [0.25, 0.5, 0.75, 1],
    totals: { distance: 7_100.5, steps: 10_500, calories: 410, durationSeconds: 3_600, points: 10.5 },
    updatedAt: new Date('2026-03-05T21:00:00Z'),
  };
  // The same values in new objects, as a rescore computes them.
  const computed = (): MemberPeriodScore => JSON.parse(JSON.stringify(stored), (key, value) =>
    typeof value === 'string' && /T\d\d:/.test(value) ? new Date(value) : value);

  it('holds for the same values in other objects, whenever each was written', () => {
    expect(sameScore(stored, computed())).toBe(true);
    expect(sameScore(stored, { ...computed(), updatedAt: new Date('2026-03-07T09:00:00Z') })).toBe(true);
  });

  it.each<[string, (s: MemberPeriodScore) => MemberPeriodScore]>([
    ['team', (s) => ({ ...s, teamId: null })],
    ['period start', (s) => ({ ...s, periodStart: new Date('2026-03-04T23:00:00Z') })],
    ['period end', (s) => ({ ...s, periodEnd: new Date('2026-03-05T23:00:00Z') })],
    ['progress', (s) => ({ ...s, progress: 10_501 })],
    ['goal reached', (s) => ({ ...s, goalReached: false })],
    ['goal reached at', (s) => ({ ...s, goalReachedAt: null })],
    ['reached at', (s) => ({ ...s, reachedAt: new Date('2026-03-05T20:00:00.001Z') })],
    ['current run', (s) => ({ ...s, repetition: { ...s.repetition, currentRun: 3 } })],
    ['best run at', (s) => ({ ...s, repetition: { ...s.repetition, bestRunAt: null } })],
    ['reached count', (s) => ({ ...s, repetition: { ...s.repetition, reachedCount: 5 } })],
    ['a fired threshold', (s) => ({ ...s, firedThresholds: [0.25, 0.5, 0.75] })],
    ['another fired threshold', (s) => ({ ...s, firedThresholds: [0.25, 0.5, 0.75, 0.9] })],
    ['distance', (s) => ({ ...s, totals: { ...s.totals, distance: 7_100.25 } })],
    ['steps', (s) => ({ ...s, totals: { ...s.totals, steps: 0 } })],
    ['calories', (s) => ({ ...s, totals: { ...s.totals, calories: 411 } })],
    ['duration', (s) => ({ ...s, totals: { ...s.totals, durationSeconds: 3_599 } })],
    ['points', (s) => ({ ...s, totals: { ...s.totals, points: 10 } })],
  ])('fails when the %s differs', (_what, change) => {
    expect(sameScore(stored, change(computed()))).toBe(false);
  });
});

describe(isEmptyScore.name, () => {
  // What a period without a row reads as: a member's day without data.
  const empty: MemberPeriodScore = {
    challengeId: 'challenge-1', profileId: 'profile-1', teamId: 'team-1', periodIndex: 3,
    periodStart: new Date('2026-03-05T00:00:00Z'), periodEnd: new Date('2026-03-06T00:00:00Z'),
    progress: 0, goalReached: false, goalReachedAt: null, reachedAt: null, repetition: EMPTY_REPETITION_STATE,
    firedThresholds: [], totals: ZERO_TOTALS, updatedAt: new Date('2026-03-05T21:00:00Z'),
  };

  it('holds for no progress, no data time, the empty state, no threshold and zero totals, whatever the key, team and period', () => {
    expect(isEmptyScore(empty)).toBe(true);
    expect(isEmptyScore({ ...empty, teamId: null, periodIndex: 0, repetition: { ...EMPTY_REPETITION_STATE } })).toBe(true);
  });

  it.each<[string, Partial<MemberPeriodScore>]>([
    ['progress', { progress: 1 }],
    ['goal reached', { goalReached: true }],
    ['goal reached at', { goalReachedAt: new Date('2026-03-05T17:00:00Z') }],
    // A record of 0 steps still gives the period a data time.
    ['reached at', { reachedAt: new Date('2026-03-05T17:00:00Z') }],
    // A later period of a member who reached an earlier one keeps the run's state.
    ['best run', { repetition: { ...EMPTY_REPETITION_STATE, bestRun: 1, bestRunAt: new Date('2026-03-02T00:00:00Z') } }],
    ['reached count', { repetition: { ...EMPTY_REPETITION_STATE, reachedCount: 1, reachedCountAt: new Date('2026-03-02T00:00:00Z') } }],
    ['a fired threshold', { firedThresholds: [0.25] }],
    // A steps challenge's period holding only a workout's distance, or only event points.
    ['distance', { totals: { ...ZERO_TOTALS, distance: 5 } }],
    ['steps', { totals: { ...ZERO_TOTALS, steps: 5 } }],
    ['calories', { totals: { ...ZERO_TOTALS, calories: 5 } }],
    ['duration', { totals: { ...ZERO_TOTALS, durationSeconds: 5 } }],
    ['points', { totals: { ...ZERO_TOTALS, points: 0.5 } }],
  ])('fails with %s', (_what, change) => {
    expect(isEmptyScore({ ...empty, ...change })).toBe(false);
  });
});
