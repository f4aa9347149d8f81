import fc from 'fast-check';
import { ActivityRecordMother } from '../../testing/challenge-mother';
import {
  SOURCE_PRIORITY, compareWorkoutPreference, deduplicateWorkouts, groupDuplicateWorkouts, isSameWorkout,
  mergeDailySummaries, sourceRank, sourceTier,
} from './deduplication';
import { DailySummary, SOURCES, Source, Workout } from './activity-records';

const at = (hhmmss: string) => new Date(`2026-03-02T${hhmmss}Z`);
const workout = (overrides: Partial<Workout>) =>
  ActivityRecordMother.workout({ start: at('07:00:00'), durationSeconds: 1800, distance: 5000, ...overrides });
const summary = (overrides: Partial<DailySummary>) => ActivityRecordMother.dailySummary(overrides);

describe('source priority', () => {
  it('ranks every source exactly once, wearables before platforms before this service', () => {
    expect([...SOURCE_PRIORITY].sort()).toEqual([...SOURCES].sort());
    expect(sourceRank('GARMIN')).toBe(0);
    expect(sourceRank('APPLE')).toBeLessThan(sourceRank('STRAVA'));
    expect(sourceRank('NONE')).toBe(SOURCES.length - 1);
    expect([sourceTier('POLAR'), sourceTier('STRAVA'), sourceTier('STRIVE')]).toEqual(['WEARABLE', 'PLATFORM', 'SERVICE']);
  });
});

describe(isSameWorkout.name, () => {
  // Reference: GARMIN RUNNING 07:00:00, 1800 s, 5000 m. Tolerances: overlap >= 50 % of the
  // shorter window; duration within max(120 s, 10 %) or distance within max(100 m, 10 %).
  const garmin = workout({ source: 'GARMIN' });
  it.each<[string, Partial<Workout>, boolean]>([
    ['other source, 30 s later, 10 s shorter, 20 m longer', { start: at('07:00:30'), durationSeconds: 1790, distance: 5020 }, true],
    ['the same source (two sessions)', { source: 'GARMIN' }, false],
    ['another activity type', { activityType: 'CYCLING' }, false],
    ['another profile', { profileId: 'profile-2' }, false],
    ['overlap 600 s < 900 s (half of 1800)', { start: at('07:20:00') }, false],
    ['overlap exactly 900 s', { start: at('07:15:00') }, true],
    ['touching windows (overlap 0)', { start: at('07:30:00') }, false],
    ['duration off by 600 s but distance off by only 50 m', { durationSeconds: 1200, distance: 5050 }, true],
    ['duration off by 600 s and distance off by 2000 m', { durationSeconds: 1200, distance: 3000 }, false],
    ['duration off by 600 s and no distance to compare', { durationSeconds: 1200, distance: 0 }, false],
    ['duration 2000 s: off by 200 = 10 % of 2000 (boundary)', { durationSeconds: 2000, distance: 0 }, true],
    ['duration 2010 s: off by 210 > 201', { durationSeconds: 2010, distance: 0 }, false],
    ['a zero-length record inside the window, same distance', { start: at('07:10:00'), durationSeconds: 0 }, true],
    ['a zero-length record after the window', { start: at('08:00:00'), durationSeconds: 0 }, false],
  ])('%s -> %s', (_, overrides, same) => {
    const other = workout({ source: 'STRAVA', ...overrides });
    expect(isSameWorkout(garmin, other)).toBe(same);
    expect(isSameWorkout(other, garmin)).toBe(same);
  });
});

describe(groupDuplicateWorkouts.name, () => {
  it('collapses a worked-out day of seven records into three sessions', () => {
    const g1 = workout({ externalId: 'g1', source: 'GARMIN', calories: 400 });
    const s1 = workout({ externalId: 's1', source: 'STRAVA', start: at('07:00:30'), durationSeconds: 1790, distance: 5020, steps: 6000, calories: 410 });
    const a1 = workout({ externalId: 'a1', source: 'APPLE', start: at('07:01:00'), durationSeconds: 1750, distance: 4950 });
    const h1 = workout({ externalId: 'h1', source: 'HEALTH_CONNECT', activityType: 'WALKING', start: at('12:00:00'), durationSeconds: 1200, distance: 1500 });
    const g2 = workout({ externalId: 'g2', source: 'GARMIN', start: at('18:00:00'), durationSeconds: 2400, distance: 8000 });
    const s2 = workout({ externalId: 's2', source: 'STRAVA', start: at('18:00:00'), durationSeconds: 2400, distance: 8000 });
    const m1 = workout({ externalId: 'm1', source: 'STRIVE', start: at('18:05:00'), durationSeconds: 2300, distance: 7900, isManual: true });

    const groups = groupDuplicateWorkouts([m1, s2, a1, h1, s1, g2, g1]);

    // Morning: GARMIN (wearable) wins; among the platforms STRAVA (3 fields) beats APPLE (1 field).
    // Evening: GARMIN wins; the manual STRIVE entry comes last.
    expect(groups.map((g) => [g.chosen.externalId, g.duplicates.map((d) => d.externalId)])).toEqual([
      ['g1', ['s1', 'a1']],
      ['h1', []],
      ['g2', ['s2', 'm1']],
    ]);
    expect(deduplicateWorkouts([m1, s2, a1, h1, s1, g2, g1])).toEqual([g1, h1, g2]);
  });

  it('prefers a recorded workout over one typed in by hand, whatever the source', () => {
    const manualGarmin = workout({ source: 'GARMIN', isManual: true });
    const strava = workout({ source: 'STRAVA', isManual: null });
    expect(deduplicateWorkouts([manualGarmin, strava])).toEqual([strava]);
  });

  it('prefers the more complete record within a tier, the listed priority on equal completeness', () => {
    const garmin = workout({ source: 'GARMIN' });
    const polar = workout({ source: 'POLAR', calories: 350 });
    expect(deduplicateWorkouts([garmin, polar])).toEqual([polar]);
    const bare = workout({ source: 'POLAR' });
    expect(deduplicateWorkouts([bare, garmin])).toEqual([garmin]);
  });

  it('keeps the records of one source apart even when they look alike', () => {
    const a = workout({ externalId: 'a' });
    const b = workout({ externalId: 'b' });
    expect(deduplicateWorkouts([b, a])).toHaveLength(2);
  });

  it('puts a third source into the group of the record it matches, one record per source per group', () => {
    // POLAR matches GARMIN; a second POLAR record that also matches must start its own group.
    const garmin = workout({ source: 'GARMIN' });
    const polar1 = workout({ source: 'POLAR', externalId: 'p1', start: at('07:00:10') });
    const polar2 = workout({ source: 'POLAR', externalId: 'p2', start: at('07:00:20') });
    const groups = groupDuplicateWorkouts([polar2, garmin, polar1]);
    expect(groups.map((g) => [g.chosen.source, g.duplicates.length])).toEqual([['GARMIN', 1], ['POLAR', 0]]);
  });

  it('compareWorkoutPreference is 0 only for identical records', () => {
    const a = workout({ externalId: 'x' });
    expect(compareWorkoutPreference(a, { ...a })).toBe(0);
    expect(compareWorkoutPreference(a, { ...a, externalId: 'y' })).toBeLessThan(0);
  });
});

describe(mergeDailySummaries.name, () => {
  it('merges one date of several sources into an AGGREGATED record of per-field maxima', () => {
    const garmin = summary({ source: 'GARMIN', date: '2026-03-02', distance: 6000, steps: 8000, calories: 2100, activeDurationSeconds: 3600 });
    const apple = summary({ source: 'APPLE', date: '2026-03-02', distance: 6500, steps: 7500, calories: 2300, activeDurationSeconds: 3000 });
    const fitbit = summary({ source: 'FITBIT', date: '2026-03-03', distance: 1000, steps: 1500, calories: 1800, activeDurationSeconds: 600 });
    const otherProfile = summary({ profileId: 'profile-2', date: '2026-03-02', steps: 42 });

    expect(mergeDailySummaries([fitbit, apple, otherProfile, garmin])).toEqual([
      {
        profileId: 'profile-1', source: 'AGGREGATED', externalId: 'AGGREGATED:2026-03-02', date: '2026-03-02',
        distance: 6500, steps: 8000, calories: 2300, activeDurationSeconds: 3600,
      },
      fitbit,
      otherProfile,
    ]);
  });

  it('returns nothing for nothing', () => {
    expect(mergeDailySummaries([])).toEqual([]);
  });

  it('keeps summaries already in order, one a date, as they are (in a list of its own)', () => {
    const days = [
      summary({ date: '2026-03-02', steps: 1 }), summary({ date: '2026-03-03', steps: 2 }), summary({ profileId: 'profile-2', date: '2026-03-01', steps: 3 }),
    ];
    const merged = mergeDailySummaries(days);
    expect(merged).toEqual(days);
    expect(merged).not.toBe(days);
    expect(merged[0]).toBe(days[0]);
  });

  it('orders and merges a list that is out of order or repeats a date', () => {
    const [a, b] = [summary({ date: '2026-03-02', steps: 1 }), summary({ date: '2026-03-03', steps: 2 })];
    expect(mergeDailySummaries([b, a])).toEqual([a, b]);
    const again = summary({ source: 'FITBIT', date: '2026-03-03', steps: 5 });
    expect(mergeDailySummaries([a, b, again]).map((s) => [s.date, s.steps, s.source])).toEqual([
      ['2026-03-02', 1, a.source], ['2026-03-03', 5, 'AGGREGATED'],
    ]);
  });
});

describe('deduplication properties', () => {
  const sources: Source[] = ['GARMIN', 'POLAR', 'APPLE', 'STRAVA', 'STRIVE'];
  const workoutArb = fc.record({
    profileId: fc.constantFrom('profile-1', 'profile-2'),
    source: fc.constantFrom(...sources),
    activityType: fc.constantFrom('RUNNING', 'CYCLING'),
    startMinute: fc.integer({ min: 0, max: 120 }),
    durationSeconds: fc.integer({ min: 0, max: 120 }).map((n) => n * 30),
    distance: fc.integer({ min: 0, max: 100 }).map((n) => n * 100),
    steps: fc.option(fc.nat(20_000)),
    calories: fc.option(fc.nat(1_000)),
    isManual: fc.option(fc.boolean()),
  });
  const workoutsArb = fc.array(workoutArb, { maxLength: 25 }).map((list) =>
    list.map(({ startMinute, ...rest }, i): Workout => ({
      ...rest,
      externalId: `w${i}`,
      start: new Date(Date.parse('2026-03-02T07:00:00Z') + startMinute * 60_000),
    })),
  );
  const withPermutation = <T>(arb: fc.Arbitrary<T[]>) =>
    arb.chain((list) => fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }).map((shuffled) => [list, shuffled] as const));

  it('record order never changes the deduplicated workouts', () => {
    fc.assert(fc.property(withPermutation(workoutsArb), ([list, shuffled]) => {
      expect(groupDuplicateWorkouts(shuffled)).toEqual(groupDuplicateWorkouts(list));
    }));
  });

  it('groups partition the records; one source per group; every duplicate matches its chosen record', () => {
    fc.assert(fc.property(workoutsArb, (list) => {
      const groups = groupDuplicateWorkouts(list);
      const all = groups.flatMap((g) => [g.chosen, ...g.duplicates]).map((w) => w.externalId).sort();
      expect(all).toEqual(list.map((w) => w.externalId).sort());
      for (const g of groups) {
        const groupSources = [g.chosen, ...g.duplicates].map((w) => w.source);
        expect(new Set(groupSources).size).toBe(groupSources.length);
        for (const d of g.duplicates) {
          expect(isSameWorkout(g.chosen, d)).toBe(true);
          expect(compareWorkoutPreference(g.chosen, d)).toBeLessThan(0);
        }
      }
    }));
  });

  /** The rule as written, without the day index: compares each record with every group. */
  function referenceGroups(list: readonly Workout[]) {
    const groups: { chosen: Workout; duplicates: Workout[] }[] = [];
    for (const w of [...list].sort(compareWorkoutPreference)) {
      const group = groups.find((g) => ![g.chosen, ...g.duplicates].some((d) => d.source === w.source) && isSameWorkout(g.chosen, w));
      if (group) group.duplicates.push(w);
      else groups.push({ chosen: w, duplicates: [] });
    }
    return groups.sort((a, b) => a.chosen.start.getTime() - b.chosen.start.getTime() || compareWorkoutPreference(a.chosen, b.chosen));
  }

  it('the day index finds exactly the groups the plain rule finds, across midnights and multi-day sessions', () => {
    const spreadArb = fc.array(
      fc.record({
        source: fc.constantFrom(...sources),
        startMinute: fc.integer({ min: 0, max: 4 * 24 * 60 }),
        durationSeconds: fc.oneof(fc.integer({ min: 0, max: 7200 }), fc.integer({ min: 0, max: 3 * 86_400 })),
        distance: fc.constantFrom(0, 5000, 5050, 42_195),
      }),
      { maxLength: 30 },
    ).map((list) => list.map(({ startMinute, ...rest }, i) => workout({
      ...rest,
      externalId: `s${i}`,
      start: new Date(Date.parse('2026-03-01T20:00:00Z') + startMinute * 60_000),
    })));
    fc.assert(fc.property(spreadArb, (list) => {
      expect(groupDuplicateWorkouts(list)).toEqual(referenceGroups(list));
    }));
  });

  const summaryArb = fc.array(
    fc.record({
      profileId: fc.constantFrom('profile-1', 'profile-2'),
      source: fc.constantFrom(...sources),
      date: fc.constantFrom('2026-03-01', '2026-03-02', '2026-03-03'),
      distance: fc.nat(20_000),
      steps: fc.nat(30_000),
      calories: fc.nat(4_000),
      activeDurationSeconds: fc.nat(86_400),
    }),
    { maxLength: 20 },
  ).map((list) => list.map((s, i): DailySummary => ({ ...s, externalId: `d${i}` })));

  it('record order never changes the merged daily summaries; one per profile and date, each field the maximum', () => {
    fc.assert(fc.property(withPermutation(summaryArb), ([list, shuffled]) => {
      const merged = mergeDailySummaries(list);
      expect(mergeDailySummaries(shuffled)).toEqual(merged);
      expect(merged).toHaveLength(new Set(list.map((s) => `${s.profileId}/${s.date}`)).size);
      for (const m of merged) {
        const day = list.filter((s) => s.profileId === m.profileId && s.date === m.date);
        expect(m.steps).toBe(Math.max(...day.map((s) => s.steps)));
        expect(m.distance).toBe(Math.max(...day.map((s) => s.distance)));
        expect(m.source).toBe(day.length === 1 ? day[0].source : 'AGGREGATED');
      }
    }));
  });
});
