import { DailySummary, formatDuration, HealthRecord, Workout } from '@strive/domain';
import { ActivityRecordMother } from '@strive/domain/testing';
import { ID, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

/** The health records a daily summary or a workout is read from (the scoring view's source rows). */
const asRecord = (r: DailySummary | Workout): HealthRecord =>
  'date' in r
    ? {
        type: 'daily_summary', source: r.source, externalId: r.externalId, subtype: '', endTime: null, time: new Date(`${r.date}T00:00:00Z`),
        data: { date: r.date, distance: r.distance, steps: r.steps, calories: r.calories, active_duration: formatDuration(r.activeDurationSeconds) },
      }
    : {
        type: 'workout', source: r.source, externalId: r.externalId, subtype: '', time: r.start, endTime: new Date(r.start.getTime() + r.durationSeconds * 1000),
        data: { duration: formatDuration(r.durationSeconds), type: r.activityType, is_manual: r.isManual, distance: r.distance, steps: r.steps, calories: r.calories },
      };

describeContract('ActivityRepository', (world) => {
  const store = async (...records: (DailySummary | Workout)[]) => {
    for (const profileId of new Set(records.map((r) => r.profileId))) {
      await world().healthRecords.upsert(ID.appA, profileId, records.filter((r) => r.profileId === profileId).map(asRecord));
    }
  };
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
    await store(garminB, garminA, polarA, otherProfile, walk, runCopy, run);
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

  it('reads a record replaced by its key', async () => {
    const corrected = { ...garminA, steps: 12000 };
    await store(corrected);
    expect(await world().activity.listDailySummaries(ID.profile1)).toEqual([corrected, polarA, garminB]);
  });
});
