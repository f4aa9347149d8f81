import { ActivityRecordMother, PointsDefinitionMother } from '@strive/domain/testing';
import { ID, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

describeContract('PointsDefinitionRepository', (world) => {
  beforeEach(() => seedProfiles(world()));

  it('has no definition until the app saves one; saving again replaces it', async () => {
    expect(await world().pointsDefinitions.findByApp(ID.appA)).toBeNull();
    const first = PointsDefinitionMother.create({
      appId: ID.appA,
      daily: { per1000Steps: 1.5, maxPerDay: 20 },
      activities: [PointsDefinitionMother.activityRule('RUNNING', { perKilometre: 2, maxPerWorkout: 50 })],
      otherActivities: { perWorkout: 1, perKilometre: 0, perMinute: 0.1, perKcal: 0, minDurationSeconds: 300, maxPerWorkout: null },
      countManualWorkouts: false,
    });
    await world().pointsDefinitions.save(first);
    expect(await world().pointsDefinitions.findByApp(ID.appA)).toEqual(first);
    expect(await world().pointsDefinitions.findByApp(ID.appB)).toBeNull();

    const second = PointsDefinitionMother.create({ appId: ID.appA, daily: { perKcal: 0.01 } });
    await world().pointsDefinitions.save(second);
    expect(await world().pointsDefinitions.findByApp(ID.appA)).toEqual(second);
  });
});

describeContract('PointsEventRepository', (world) => {
  const event = (id: string, timestamp: string, profileId: string = ID.profile1) =>
    ActivityRecordMother.event({ id, profileId, timestamp: new Date(timestamp), points: 2.5, name: 'quiz', activityType: 'RUNNING', reference: `ref-${id.slice(0, 2)}` });
  // Two events at noon: the tie goes by id (e1... before e9...).
  const noonLate = event('e9000000-0000-4000-8000-000000000009', '2026-03-02T12:00:00Z');
  const morning = event('e5000000-0000-4000-8000-000000000005', '2026-03-02T08:00:00Z');
  const noonEarly = { ...event('e1000000-0000-4000-8000-000000000001', '2026-03-02T12:00:00Z'), activityType: null, reference: '' };
  const otherProfile = event('e2000000-0000-4000-8000-000000000002', '2026-03-02T09:00:00Z', ID.profile2);

  beforeEach(async () => {
    await seedProfiles(world());
    for (const e of [noonLate, morning, noonEarly, otherProfile]) await world().pointsEvents.save(e);
  });

  it("lists a profile's events by timestamp, then id", async () => {
    expect(await world().pointsEvents.listByProfile(ID.profile1)).toEqual([morning, noonEarly, noonLate]);
    expect(await world().pointsEvents.listByProfile(ID.profile2)).toEqual([otherProfile]);
  });

  it('bounds the timestamp, both ends included', async () => {
    expect(await world().pointsEvents.listByProfile(ID.profile1, { from: new Date('2026-03-02T12:00:00Z') })).toEqual([noonEarly, noonLate]);
    expect(await world().pointsEvents.listByProfile(ID.profile1, { to: new Date('2026-03-02T08:00:00Z') })).toEqual([morning]);
    expect(await world().pointsEvents.listByProfile(ID.profile1, { from: new Date('2026-03-02T08:00:01Z'), to: new Date('2026-03-02T11:59:59Z') })).toEqual([]);
  });
});

describeContract('PointsLedgerRepository', (world) => {
  const day = (date: string, dailySummaries: number, workouts: number) => ({ day: date, dailySummaries, workouts });

  beforeEach(() => seedProfiles(world()));

  it('adds saved days and the events into the total; a day saved again replaces its points; no days: the total as it is', async () => {
    // 1.5 + 2 + 0.25 + 0 = 3.75
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [day('2026-03-02', 1.5, 2), day('2026-03-03', 0.25, 0)], false)).toBe(3.75);
    await world().pointsEvents.save(ActivityRecordMother.event({ id: 'e1000000-0000-4000-8000-000000000001', profileId: ID.profile1, points: 10 }));
    // 3.75 + 10
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [], false)).toBe(13.75);
    // 03-03 becomes 1 + 1: 1.5 + 2 + 2 + 10
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [day('2026-03-03', 1, 1)], false)).toBe(15.5);
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [], false)).toBe(15.5);
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile2, [], false)).toBe(0);
  });

  it('with replaceAll, keeps only the given days (the events stay)', async () => {
    await world().pointsLedger.saveDays(ID.appA, ID.profile1, [day('2026-03-02', 1.5, 2), day('2026-03-03', 0.25, 0)], false);
    await world().pointsEvents.save(ActivityRecordMother.event({ id: 'e1000000-0000-4000-8000-000000000001', profileId: ID.profile1, points: 10 }));
    // 4 + 0 + 10
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [day('2026-03-05', 4, 0)], true)).toBe(14);
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [], false)).toBe(14);
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [], true)).toBe(10);
  });

  it('keeps a day of no points as no day: a zero day saved removes its row, and zeros alone write nothing', async () => {
    await world().pointsLedger.saveDays(ID.appA, ID.profile1, [day('2026-03-02', 1.5, 2), day('2026-03-03', 0.25, 0)], false);
    // 03-02 drops to nothing: 0.25 left.
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [day('2026-03-02', 0, 0), day('2026-03-04', 0, 0)], false)).toBe(0.25);
    // A profile with no days (a deleted one's change, settled late): nothing written.
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile2, [day('2026-03-02', 0, 0)], false)).toBe(0);
    const engine = world().engine;
    if (!engine) return;
    const rows = await engine.query('SELECT profile_id, day::text AS day FROM profile_points_day ORDER BY 1, 2');
    expect(rows).toEqual([{ profile_id: ID.profile1, day: '2026-03-03' }]);
  });

  it("keeps each profile's days apart", async () => {
    await world().pointsLedger.saveDays(ID.appA, ID.profile1, [day('2026-03-02', 3, 0)], false);
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile2, [day('2026-03-02', 0.5, 0.5)], false)).toBe(1);
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile2, [], true)).toBe(0);
    expect(await world().pointsLedger.saveDays(ID.appA, ID.profile1, [], false)).toBe(3);
  });
});
