import { ActivityRecordMother } from '@strive/domain/testing';
import { ID, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

describeContract('ActivityRepository', (world) => {
  const summary = ActivityRecordMother.dailySummary;
  const workout = ActivityRecordMother.workout;
  // 2026-03-02: GARMIN "a" and POLAR "a"; 2026-03-03: GARMIN "b"; profile 2 has one of its own.
  const garminA = summary({ profileId: ID.profile1, source: 'GARMIN', externalId: 'a', date: '2026-03-02', steps: 8000, distance: 6000.5, calories: 2100, activeDurationSeconds: 3600 });
  const polarA = summary({ profileId: ID.profile1, source: 'POLAR', externalId: 'a', date: '2026-03-02', steps: 7000 });
  const garminB = summary({ profileId: ID.profile1, source: 'GARMIN', externalId: 'b', date: '2026-03-03', steps: 100 });
  const otherProfile = summary({ profileId: ID.profile2, source: 'GARMIN', externalId: 'a', date: '2026-03-02' });
  // Two copies of one session at 07:00 (GARMIN, POLAR) and a manual walk on 03-04.
  const run = workout({ profileId: ID.profile1, source: 'GARMIN', externalId: 'w1', start: new Date('2026-03-02T07:00:00Z'), durationSeconds: 1800, distance: 5000, steps: 6000, calories: 300 });
  const runCopy = workout({ profileId: ID.profile1, source: 'POLAR', externalId: 'w0', start: new Date('2026-03-02T07:00:00Z'), durationSeconds: 1795, distance: 4990, isManual: null });
  const walk = workout({ profileId: ID.profile1, source: 'GARMIN', externalId: 'w2', activityType: 'WALKING', start: new Date('2026-03-04T18:30:00Z'), durationSeconds: 600.25, distance: 800, isManual: true });

  beforeEach(async () => {
    await seedProfiles(world());
    await world().activity.upsert({ dailySummaries: [garminB, garminA, polarA, otherProfile], workouts: [walk, runCopy, run] });
  });

  it('finds records by source and external ids', async () => {
    expect(await world().activity.findDailySummaries(ID.profile1, 'GARMIN', ['a', 'missing'])).toEqual([garminA]);
    expect(await world().activity.findDailySummaries(ID.profile1, 'FITBIT', ['a'])).toEqual([]);
    expect(await world().activity.findWorkouts(ID.profile1, 'POLAR', ['w0'])).toEqual([runCopy]);
    expect(await world().activity.findWorkouts(ID.profile2, 'GARMIN', ['w1'])).toEqual([]);
  });

  it('lists daily summaries by date, then source and external id, within a date range', async () => {
    expect(await world().activity.listDailySummaries(ID.profile1)).toEqual([garminA, polarA, garminB]);
    expect(await world().activity.listDailySummaries(ID.profile1, { fromDate: '2026-03-03' })).toEqual([garminB]);
    expect(await world().activity.listDailySummaries(ID.profile1, { toDate: '2026-03-02' })).toEqual([garminA, polarA]);
    expect(await world().activity.listDailySummaries(ID.profile2)).toEqual([otherProfile]);
  });

  it('lists workouts by start, then source and external id, within start bounds (both included)', async () => {
    expect(await world().activity.listWorkouts(ID.profile1)).toEqual([run, runCopy, walk]);
    const seven = new Date('2026-03-02T07:00:00Z');
    expect(await world().activity.listWorkouts(ID.profile1, { from: seven, to: seven })).toEqual([run, runCopy]);
    expect(await world().activity.listWorkouts(ID.profile1, { from: new Date('2026-03-02T07:00:01Z') })).toEqual([walk]);
  });

  it('replaces a record by its key', async () => {
    const corrected = { ...garminA, steps: 12000 };
    await world().activity.upsert({ dailySummaries: [corrected], workouts: [] });
    expect(await world().activity.listDailySummaries(ID.profile1)).toEqual([corrected, polarA, garminB]);
  });
});
