import fc from 'fast-check';
import { aProfile, gamificationWorld } from '../../testing/gamification-world';
import { IngestionError, IngestionBatch } from '../records/ingestion';
import { IdentityErrorCode } from '../identity/identity-error';
import { IngestActivityUseCase } from './ingest-activity.use-case';

function world() {
  const w = gamificationWorld({ profiles: [aProfile()] });
  return { ...w, ingest: new IngestActivityUseCase(w.activities, w.profiles) };
}

const batch = (overrides: Partial<IngestionBatch> = {}) => ({
  appId: 'app-1',
  profileId: 'profile-1',
  source: 'GARMIN' as const,
  dailySummaries: [{ externalId: 'd-1', date: '2026-03-02', distance: 5000, steps: 7000, calories: 2000, activeDurationSeconds: 3600 }],
  workouts: [{ externalId: 'w-1', activityType: 'RUNNING', start: new Date('2026-03-02T07:00:00Z'), durationSeconds: 1800, distance: 5000, steps: null, calories: null, isManual: false }],
  ...overrides,
});

describe(IngestActivityUseCase.name, () => {
  it('creates, then reports unchanged, then updates by (profile, source, externalId)', async () => {
    const sut = world();
    const first = await sut.ingest.execute(batch());
    expect([first.dailySummaries, first.workouts]).toEqual([{ created: 1, updated: 0, unchanged: 0 }, { created: 1, updated: 0, unchanged: 0 }]);
    expect(first.written.workouts[0]).toMatchObject({ profileId: 'profile-1', source: 'GARMIN', externalId: 'w-1' });

    const again = await sut.ingest.execute(batch());
    expect([again.dailySummaries, again.workouts]).toEqual([{ created: 0, updated: 0, unchanged: 1 }, { created: 0, updated: 0, unchanged: 1 }]);
    expect(again.written).toEqual({ dailySummaries: [], workouts: [] });
    expect(sut.activities.writes).toBe(1);

    const changed = await sut.ingest.execute(batch({ dailySummaries: [{ ...batch().dailySummaries[0], steps: 9000 }] }));
    expect(changed.dailySummaries).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect((await sut.activities.listDailySummaries('profile-1')).map((s) => s.steps)).toEqual([9000]);
  });

  it('keeps the same external id of another source apart', async () => {
    const sut = world();
    await sut.ingest.execute(batch());
    const polar = await sut.ingest.execute(batch({ source: 'POLAR' }));
    expect(polar.workouts).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect(await sut.activities.listWorkouts('profile-1')).toHaveLength(2);
  });

  it('stores nothing from a batch with one invalid record and lists every issue', async () => {
    const sut = world();
    const bad = batch({ dailySummaries: [{ ...batch().dailySummaries[0], steps: -1 }], workouts: [{ ...batch().workouts[0], distance: -5 }] });
    const error = await sut.ingest.execute(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IngestionError);
    expect((error as IngestionError).issues.map((i) => i.path)).toEqual(['dailySummaries[0].steps', 'workouts[0].distance']);
    expect(sut.activities.writes).toBe(0);
  });

  it('refuses an unknown profile', async () => {
    await expect(world().ingest.execute(batch({ profileId: 'ghost' }))).rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
  });

  it('property: ingesting the same batch twice changes nothing the second time', async () => {
    const draftDay = fc.record({
      date: fc.constantFrom('2026-03-01', '2026-03-02'),
      distance: fc.nat(10_000),
      steps: fc.nat(20_000),
      calories: fc.nat(3_000),
      activeDurationSeconds: fc.nat(86_400),
    });
    const draftWorkout = fc.record({
      activityType: fc.constantFrom('RUNNING', 'YOGA'),
      start: fc.integer({ min: 0, max: 86_400 }).map((s) => new Date(Date.parse('2026-03-02T00:00:00Z') + s * 1000)),
      durationSeconds: fc.nat(7200),
      distance: fc.nat(20_000),
      steps: fc.option(fc.nat(20_000)),
      calories: fc.option(fc.nat(2_000)),
      isManual: fc.option(fc.boolean()),
    });
    const withIds = <T>(list: T[], prefix: string) => list.map((r, i) => ({ ...r, externalId: `${prefix}-${i}` }));
    await fc.assert(
      fc.asyncProperty(
        fc.array(draftDay, { maxLength: 8 }),
        fc.array(draftWorkout, { maxLength: 8 }),
        fc.constantFrom('GARMIN' as const, 'STRAVA' as const),
        async (days, workouts, source) => {
          const sut = world();
          const input = batch({ source, dailySummaries: withIds(days, 'd'), workouts: withIds(workouts, 'w') });
          await sut.ingest.execute(input);
          const snapshot = [await sut.activities.listDailySummaries('profile-1'), await sut.activities.listWorkouts('profile-1')];
          const writes = sut.activities.writes;
          const second = await sut.ingest.execute(input);
          expect(second.dailySummaries).toEqual({ created: 0, updated: 0, unchanged: days.length });
          expect(second.workouts).toEqual({ created: 0, updated: 0, unchanged: workouts.length });
          expect(sut.activities.writes).toBe(writes);
          expect([await sut.activities.listDailySummaries('profile-1'), await sut.activities.listWorkouts('profile-1')]).toEqual(snapshot);
        },
      ),
      { numRuns: 50 },
    );
  });
});
