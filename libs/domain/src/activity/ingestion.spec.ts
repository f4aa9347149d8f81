import { IngestionBatch, IngestionError, planUpsert, recordsOf, sameDailySummary, sameWorkout, validateIngestionBatch } from './ingestion';
import { DailySummaryDraft, WorkoutDraft } from './ingestion';

const day = (overrides: Partial<DailySummaryDraft> = {}): DailySummaryDraft => ({
  externalId: 'day-1', date: '2026-03-02', distance: 5000, steps: 7000, calories: 2000, activeDurationSeconds: 3600, ...overrides,
});
const run = (overrides: Partial<WorkoutDraft> = {}): WorkoutDraft => ({
  externalId: 'run-1', activityType: 'RUNNING', start: new Date('2026-03-02T07:00:00Z'), durationSeconds: 1800,
  distance: 5000, steps: null, calories: null, isManual: false, ...overrides,
});
const batch = (overrides: Partial<IngestionBatch> = {}): IngestionBatch => ({
  profileId: 'profile-1', source: 'GARMIN', dailySummaries: [day()], workouts: [run()], ...overrides,
});

describe(validateIngestionBatch.name, () => {
  it('accepts a valid batch, null steps and calories included', () => {
    expect(validateIngestionBatch(batch())).toEqual([]);
    expect(validateIngestionBatch(batch({ workouts: [run({ steps: 5000, calories: 300.5 })] }))).toEqual([]);
  });

  it.each<[string, Partial<IngestionBatch>, string[]]>([
    ['a derived source', { source: 'AGGREGATED' }, ['source']],
    ['an unknown source', { source: 'NONE' }, ['source']],
    ['an empty external id', { dailySummaries: [day({ externalId: '' })] }, ['dailySummaries[0].externalId']],
    ['an over-long external id', { workouts: [run({ externalId: 'x'.repeat(256) })] }, ['workouts[0].externalId']],
    ['a repeated external id', { workouts: [run(), run({ distance: 1 })] }, ['workouts[1].externalId']],
    ['a date that does not exist', { dailySummaries: [day({ date: '2026-02-30' })] }, ['dailySummaries[0].date']],
    ['a date-time instead of a date', { dailySummaries: [day({ date: '2026-03-02T00:00:00Z' })] }, ['dailySummaries[0].date']],
    ['negative distance and fractional steps', { dailySummaries: [day({ distance: -1, steps: 1.5 })] }, ['dailySummaries[0].distance', 'dailySummaries[0].steps']],
    ['infinite calories and more than a day of activity', { dailySummaries: [day({ calories: Infinity, activeDurationSeconds: 86_401 })] }, ['dailySummaries[0].calories', 'dailySummaries[0].activeDurationSeconds']],
    ['a lower-case activity type', { workouts: [run({ activityType: 'running' })] }, ['workouts[0].activityType']],
    ['an invalid start', { workouts: [run({ start: new Date('nope') })] }, ['workouts[0].start']],
    ['negative duration, distance, steps and calories', { workouts: [run({ durationSeconds: -1, distance: -1, steps: -1, calories: -1 })] }, ['workouts[0].durationSeconds', 'workouts[0].distance', 'workouts[0].steps', 'workouts[0].calories']],
  ])('reports %s', (_, overrides, paths) => {
    expect(validateIngestionBatch(batch(overrides)).map((issue) => issue.path)).toEqual(paths);
  });

  it('explains each issue', () => {
    expect(validateIngestionBatch(batch({ dailySummaries: [day({ activeDurationSeconds: -5 })] }))).toEqual([
      { path: 'dailySummaries[0].activeDurationSeconds', message: 'must be a non-negative number up to 86400' },
    ]);
    expect(validateIngestionBatch(batch({ dailySummaries: [day({ steps: -5 })] }))[0].message).toBe('must be a non-negative integer');
  });
});

describe(planUpsert.name, () => {
  it('classifies records as created, updated or unchanged and writes only the first two', () => {
    const { dailySummaries: stored } = recordsOf(batch({
      dailySummaries: [day({ externalId: 'same' }), day({ externalId: 'changed', steps: 1 })],
    }));
    const { dailySummaries: incoming } = recordsOf(batch({
      dailySummaries: [day({ externalId: 'same' }), day({ externalId: 'changed', steps: 2 }), day({ externalId: 'new' })],
    }));
    const plan = planUpsert(incoming, stored, sameDailySummary);
    expect(plan.counts).toEqual({ created: 1, updated: 1, unchanged: 1 });
    expect(plan.toWrite.map((r) => r.externalId)).toEqual(['changed', 'new']);
  });
});

describe('record equality', () => {
  it('compares every field of a workout, dates by instant', () => {
    const [a] = recordsOf(batch()).workouts;
    expect(sameWorkout(a, { ...a, start: new Date(a.start.getTime()) })).toBe(true);
    for (const change of [{ start: new Date(0) }, { isManual: null }, { calories: 1 }, { steps: 1 }, { activityType: 'WALKING' }, { durationSeconds: 1 }, { distance: 1 }]) {
      expect(sameWorkout(a, { ...a, ...change })).toBe(false);
    }
  });

  it('compares every field of a daily summary', () => {
    const [a] = recordsOf(batch()).dailySummaries;
    expect(sameDailySummary(a, { ...a })).toBe(true);
    for (const change of [{ date: '2026-03-03' }, { distance: 1 }, { steps: 1 }, { calories: 1 }, { activeDurationSeconds: 1 }, { source: 'POLAR' as const }]) {
      expect(sameDailySummary(a, { ...a, ...change })).toBe(false);
    }
  });
});

it('IngestionError carries every issue and says nothing was stored', () => {
  const error = new IngestionError([{ path: 'source', message: 'bad' }]);
  expect(error.code).toBe('ingestion.invalid_batch');
  expect(error.issues).toHaveLength(1);
  expect(error.message).toBe('The upload has 1 invalid value(s); nothing was stored.');
});
