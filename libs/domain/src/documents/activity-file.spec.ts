import { HealthRecord, StoredHealthRecord } from '../records/health-record';
import { activityFileFormats, buildActivityFile, isTrackOf, MAX_ACTIVITY_FILE_POINTS } from './activity-file';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 20, 7, 0, seconds));

function workout(data: Record<string, unknown> = {}): StoredHealthRecord {
  return {
    id: '7', type: 'workout', source: 'GARMIN', externalId: 'w1', time: at(0), endTime: at(600), subtype: '',
    data: { timestamp: '2026-11-20T07:00:00Z', duration: '00:10:00', type: 'RUNNING', distance: 2000, ...data },
  };
}

function position(seconds: number, data: Record<string, unknown> = {}, extra: Partial<HealthRecord> = {}): HealthRecord {
  return { type: 'track_sample', source: 'GARMIN', externalId: `t${seconds}`, time: at(seconds), endTime: null, subtype: '', data: { latitude: 52, longitude: 4, ...data }, ...extra };
}

describe(isTrackOf.name, () => {
  it('takes positions of the same source inside the workout that name it or no workout', () => {
    expect(isTrackOf(workout(), position(0))).toBe(true);
    expect(isTrackOf(workout(), position(600, { workout_external_id: 'w1' }))).toBe(true);
    expect(isTrackOf(workout(), position(30, { workout_external_id: null }))).toBe(true);
    expect(isTrackOf(workout(), position(30, { workout_external_id: 'w2' }))).toBe(false);
    expect(isTrackOf(workout(), position(601))).toBe(false);
    expect(isTrackOf(workout(), position(-1))).toBe(false);
    expect(isTrackOf(workout(), position(30, {}, { source: 'POLAR' }))).toBe(false);
  });

  it('takes only positions at the very start of a workout without an end', () => {
    const instant = { ...workout(), endTime: null };
    expect(isTrackOf(instant, position(0))).toBe(true);
    expect(isTrackOf(instant, position(1))).toBe(false);
  });
});

describe(buildActivityFile.name, () => {
  it('puts positions and heart-rate samples on one timeline; a position takes a heart rate of at most 10 s before', () => {
    const file = buildActivityFile(
      workout({ heart_rate_samples: [{ timestamp: '2026-11-20T07:00:20Z', bpm: 120 }, { timestamp: '2026-11-20T07:00:00Z', bpm: 100 }], calories: 150, name: 'Run' }),
      [position(30), position(0), position(20), position(31), position(40, { workout_external_id: 'other' })],
    );
    const point = (seconds: number, heartRate: number | null, positioned = true) => ({
      time: at(seconds), latitude: positioned ? 52 : null, longitude: positioned ? 4 : null, altitude: null, speed: null, heartRate,
    });
    // 30 s and 31 s: 10 s and 11 s after the 120 bpm of 20 s.
    expect(file.points).toEqual([point(0, 100), point(20, 120), point(30, 120), point(31, null)]);
    expect(file).toMatchObject({ id: '7', type: 'RUNNING', name: 'Run', durationSeconds: 600, distance: 2000, calories: 150, truncated: false });
  });

  it('keeps heart-rate samples without a position, and reads the heart rate summary', () => {
    const file = buildActivityFile(workout({ heart_rate_samples: [{ timestamp: '2026-11-20T07:01:00Z', bpm: 90 }], heart_rate_summary: { average: 140, min: 90, max: 170 } }), []);
    expect(file.points).toEqual([{ time: at(60), latitude: null, longitude: null, altitude: null, speed: null, heartRate: 90 }]);
    expect([file.averageHeartRate, file.maxHeartRate, file.calories, file.name]).toEqual([140, 170, null, null]);
  });

  it(`cuts a track after ${MAX_ACTIVITY_FILE_POINTS} points and says so`, () => {
    const track = Array.from({ length: MAX_ACTIVITY_FILE_POINTS + 1 }, (_, i) => position(0, {}, { time: new Date(at(0).getTime() + i) }));
    const file = buildActivityFile(workout(), track);
    expect(file.points).toHaveLength(MAX_ACTIVITY_FILE_POINTS);
    expect(file.truncated).toBe(true);
  });
});

describe(activityFileFormats.name, () => {
  it('offers GPX only with a track', () => {
    expect(activityFileFormats(true)).toEqual(['gpx', 'tcx', 'fit']);
    expect(activityFileFormats(false)).toEqual(['tcx', 'fit']);
  });
});
