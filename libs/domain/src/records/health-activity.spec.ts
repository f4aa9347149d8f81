import { defaultPointsDefinition } from '../points/points-definition';
import { dailySummaryOf, groupWorkoutRecords, mergeDailySummaryRecords, recordPoints, workoutOf } from './health-activity';
import { HealthRecord } from './health-record';

const day = (source: HealthRecord['source'], data: Record<string, unknown>): HealthRecord => ({
  type: 'daily_summary', source, externalId: `${source}-${data.date}`, time: new Date(`${data.date}T00:00:00Z`), endTime: null, subtype: '',
  data: { distance: 0, steps: 0, calories: 0, active_duration: null, floors: null, heart_rate_summary: null, stress_summary: null, ...data },
});

const run = (source: HealthRecord['source'], start: string, data: Record<string, unknown> = {}): HealthRecord => ({
  type: 'workout', source, externalId: `${source}-${start}`, time: new Date(start), endTime: new Date(new Date(start).getTime() + 1_800_000), subtype: '',
  data: { timestamp: start, duration: '00:30:00.000000', type: 'RUNNING', is_manual: null, distance: 5000, steps: null, calories: null, ...data },
});

describe('health records as activity', () => {
  it('reads the scoring view of daily summaries and workouts', () => {
    expect(dailySummaryOf('p', day('GARMIN', { date: '2026-10-01', steps: 10, active_duration: '00:10:00.000000' }))).toEqual({
      profileId: 'p', source: 'GARMIN', externalId: 'GARMIN-2026-10-01', date: '2026-10-01', distance: 0, steps: 10, calories: 0, activeDurationSeconds: 600,
    });
    expect(dailySummaryOf('p', day('GARMIN', { date: '2026-10-01', distance: null, active_duration: 'broken' })).activeDurationSeconds).toBe(0);
    expect(workoutOf('p', run('POLAR', '2026-10-01T07:00:00Z', { steps: 4000, calories: 300, is_manual: false }))).toMatchObject({
      activityType: 'RUNNING', durationSeconds: 1800, steps: 4000, calories: 300, isManual: false,
    });
    expect(workoutOf('p', run('POLAR', '2026-10-01T07:00:00Z', { duration: null })).durationSeconds).toBe(0);
  });

  it('prices daily summaries and workouts with the points definition, other types not at all', () => {
    const definition = defaultPointsDefinition('app');
    // 7,500 steps at 1 point per 1000 steps = 7.5.
    expect(recordPoints(definition, day('GARMIN', { date: '2026-10-01', steps: 7500 }))).toBe(7.5);
    // 30 minutes at 0.1 point per minute = 3.
    expect(recordPoints(definition, run('GARMIN', '2026-10-01T07:00:00Z'))).toBe(3);
    expect(recordPoints(definition, { ...day('GARMIN', { date: '2026-10-01' }), type: 'weight' })).toBeNull();
  });

  it('merges the daily summaries of one date into an AGGREGATED record, keeping single days as they are', () => {
    const single = day('FITBIT', { date: '2026-10-02', steps: 5 });
    const merged = mergeDailySummaryRecords([
      day('APPLE', { date: '2026-10-01', steps: 12_000, distance: 7000, floors: 3, active_duration: '01:00:00.000000', heart_rate_summary: { resting: 60 } }),
      single,
      day('GARMIN', { date: '2026-10-01', steps: 9000, distance: 8000, stress_summary: { average: 20 }, active_duration: '00:30:00.000000' }),
    ]);
    expect(merged).toEqual([
      expect.objectContaining({
        source: 'AGGREGATED', externalId: 'AGGREGATED:2026-10-01',
        data: {
          date: '2026-10-01', distance: 8000, steps: 12_000, calories: 0, active_duration: '01:00:00.000000', floors: 3,
          // GARMIN (a wearable) is trusted before APPLE, but only APPLE has a heart rate summary.
          heart_rate_summary: { resting: 60 }, stress_summary: { average: 20 },
        },
      }),
      single,
    ]);
    const noFloors = mergeDailySummaryRecords([day('APPLE', { date: '2026-10-01' }), day('GARMIN', { date: '2026-10-01' })]);
    expect(noFloors[0].data).toMatchObject({ floors: null, active_duration: null, heart_rate_summary: null });
  });

  it('groups workout records of one session reported by several sources, the most trusted chosen', () => {
    const garmin = run('GARMIN', '2026-10-01T07:00:00Z');
    const strava = run('STRAVA', '2026-10-01T07:01:00Z', { distance: 5050 });
    const later = run('STRAVA', '2026-10-02T07:00:00Z');
    expect(groupWorkoutRecords([strava, later, garmin])).toEqual([
      { chosen: garmin, duplicates: [strava] },
      { chosen: later, duplicates: [] },
    ]);
  });
});
