import { readHealthUpload } from '@strive/domain';
import { mapOuraDailyActivity, mapOuraHeartRate, mapOuraSleep, mapOuraWorkouts, ouraActivityType } from './oura-mapping';

// Documents written from the Oura API v2 reference (GET /v2/usercollection/...): local dates in
// `day`, date-times with the local offset, durations in seconds, distances in metres.
const NOW = new Date('2026-11-21T00:00:00Z');
const valid = (records: object) => readHealthUpload({ source: 'OURA', ...records }, NOW).records.length;

describe('Oura daily_activity -> daily_summary', () => {
  const doc = {
    id: '2b3e3a1c-9b44-4f36-a0f4-3e5a7f6c1d20', class_5_min: '0000111122223333', score: 82, active_calories: 512, average_met_minutes: 1.53,
    contributors: { meet_daily_targets: 43, move_every_hour: 100, recovery_time: 100, stay_active: 82, training_frequency: 96, training_volume: 98 },
    equivalent_walking_distance: 7412, high_activity_met_minutes: 44, high_activity_time: 1260, inactivity_alerts: 0, low_activity_met_minutes: 211,
    low_activity_time: 13500, medium_activity_met_minutes: 120, medium_activity_time: 2640,
    met: { interval: 60, items: [0.9, 1.1], timestamp: '2026-11-19T04:00:00.000+01:00' }, meters_to_target: 2600, non_wear_time: 1800,
    resting_time: 30_000, sedentary_met_minutes: 10, sedentary_time: 33_000, steps: 9124, target_calories: 450, target_meters: 10_000,
    total_calories: 2461, day: '2026-11-19', timestamp: '2026-11-19T04:00:00.000+01:00',
  };

  it('takes the local day, equivalent_walking_distance in metres and high + medium + low activity time', () => {
    const records = mapOuraDailyActivity([doc]);
    expect(records.daily_summary).toEqual([{
      external_id: 'daily-2026-11-19', date: '2026-11-19', distance: 7412, steps: 9124, calories: 2461,
      active_duration: '04:50:00.000000', // 1260 + 2640 + 13500 s
      floors: null,
    }]);
    expect(valid(records)).toBe(1);
  });
});

describe('Oura workout -> workout', () => {
  const ride = {
    id: 'a1e0c3f2-7d1b-4c55-8f0e-6b2d9c4e1a33', activity: 'cycling', calories: 443.5, day: '2026-11-19', distance: 20345.6,
    end_datetime: '2026-11-19T18:47:12.000+01:00', intensity: 'moderate', label: null, source: 'autodetected', start_datetime: '2026-11-19T17:32:00.000+01:00',
  };
  const walk = { ...ride, id: 'b2', activity: 'walking', calories: null, distance: null, source: 'manual', label: 'Dog walk', start_datetime: '2026-11-19T07:00:00.000-05:00', end_datetime: '2026-11-19T07:30:00.000-05:00' };

  it('places start and end by their offsets; duration is end minus start; manual entries flagged', () => {
    const records = mapOuraWorkouts([ride, walk]);
    expect(records.workout).toEqual([
      {
        external_id: 'workout-a1e0c3f2-7d1b-4c55-8f0e-6b2d9c4e1a33', timestamp: '2026-11-19T16:32:00Z', duration: '01:15:12.000000', type: 'CYCLING',
        is_manual: false, name: null, distance: 20345.6, steps: null, calories: 443.5, elevation_gain: null, heart_rate_summary: null,
      },
      {
        external_id: 'workout-b2', timestamp: '2026-11-19T12:00:00Z', duration: '00:30:00.000000', type: 'WALKING',
        is_manual: true, name: 'Dog walk', distance: 0, steps: null, calories: null, elevation_gain: null, heart_rate_summary: null,
      },
    ]);
    expect(valid(records)).toBe(2);
  });

  it('maps activity names and OTHER for the unknown', () => {
    expect(ouraActivityType('strength_training')).toBe('STRENGTH_TRAINING');
    expect(ouraActivityType('unknown_sport')).toBe('OTHER');
  });
});

describe('Oura sleep + daily_sleep -> sleep_summary, sleep_detail, heartrate_summary', () => {
  const night = {
    id: 'c3f4', average_breath: 14.875, average_heart_rate: 54.25, average_hrv: 61, awake_time: 2400,
    bedtime_end: '2026-11-20T07:05:00.000+01:00', bedtime_start: '2026-11-19T23:10:00.000+01:00', day: '2026-11-20',
    deep_sleep_duration: 5400, efficiency: 92, heart_rate: { interval: 300, items: [55, 53], timestamp: '2026-11-19T23:10:00.000+01:00' },
    latency: 540, light_sleep_duration: 13_800, low_battery_alert: false, lowest_heart_rate: 47, period: 0, readiness_score_delta: 0,
    rem_sleep_duration: 6900, restless_periods: 11, sleep_phase_5_min: '44211133224', time_in_bed: 28_500, total_sleep_duration: 26_100, type: 'long_sleep',
  };
  const nap = { ...night, id: 'n1', type: 'late_nap', bedtime_start: '2026-11-20T14:00:00.000+01:00', bedtime_end: '2026-11-20T14:30:00.000+01:00', sleep_phase_5_min: '' };
  const deleted = { ...night, id: 'd1', type: 'deleted' };
  const scores = [{ id: 'ds1', contributors: { deep_sleep: 90 }, day: '2026-11-20', score: 84, timestamp: '2026-11-20T00:00:00+00:00' }];

  it('maps the night with its daily score, the 5-minute phases as runs, and the lowest rate as the day\'s resting rate', () => {
    const records = mapOuraSleep([night, nap, deleted], scores);
    expect(records.sleep_summary?.[0]).toEqual({
      external_id: 'sleep-c3f4', start_time: '2026-11-19T22:10:00Z', end_time: '2026-11-20T06:05:00Z',
      total_sleep_duration: '07:15:00.000000', awake_duration: '00:40:00.000000', light_duration: '03:50:00.000000',
      deep_duration: '01:30:00.000000', rem_duration: '01:55:00.000000', sleep_score: 84, efficiency: 92,
      average_heart_rate: 54.3, lowest_heart_rate: 47, average_hrv: 61, respiratory_rate: 14.875,
    });
    // 44 2 111 33 22 4: awake, light, deep, REM, light, awake
    expect(records.sleep_detail).toEqual([
      { external_id: 'sleep-c3f4-0', start_time: '2026-11-19T22:10:00Z', end_time: '2026-11-19T22:20:00Z', stage: 'AWAKE' },
      { external_id: 'sleep-c3f4-2', start_time: '2026-11-19T22:20:00Z', end_time: '2026-11-19T22:25:00Z', stage: 'LIGHT' },
      { external_id: 'sleep-c3f4-3', start_time: '2026-11-19T22:25:00Z', end_time: '2026-11-19T22:40:00Z', stage: 'DEEP' },
      { external_id: 'sleep-c3f4-6', start_time: '2026-11-19T22:40:00Z', end_time: '2026-11-19T22:50:00Z', stage: 'REM' },
      { external_id: 'sleep-c3f4-8', start_time: '2026-11-19T22:50:00Z', end_time: '2026-11-19T23:00:00Z', stage: 'LIGHT' },
      { external_id: 'sleep-c3f4-10', start_time: '2026-11-19T23:00:00Z', end_time: '2026-11-19T23:05:00Z', stage: 'AWAKE' },
    ]);
    expect(records.heartrate_summary).toEqual([{ external_id: 'heart-2026-11-20', date: '2026-11-20', resting: 47, average: null, min: null, max: null, hrv_rmssd: 61 }]);
    // The nap: no score, no resting rate; the deleted period: nothing.
    expect(records.sleep_summary?.map((s) => [s.external_id, s.sleep_score])).toEqual([['sleep-c3f4', 84], ['sleep-n1', null]]);
    expect(valid(records)).toBe(2 + 6 + 1);
  });
});

describe('Oura heartrate -> heartrate_sample per hour', () => {
  it('groups samples by UTC hour with min, mean and max', () => {
    const samples = [
      { bpm: 62, source: 'awake', timestamp: '2026-11-20T09:00:00+00:00' },
      { bpm: 70, source: 'awake', timestamp: '2026-11-20T09:05:00+00:00' },
      { bpm: 95, source: 'workout', timestamp: '2026-11-20T09:59:59+00:00' },
      { bpm: 58, source: 'rest', timestamp: '2026-11-20T11:30:00+01:00' },
    ];
    const records = mapOuraHeartRate(samples);
    expect(records.heartrate_sample).toEqual([
      {
        external_id: 'heartrate-2026-11-20T09:00:00Z', start_time: '2026-11-20T09:00:00Z', end_time: '2026-11-20T10:00:00Z',
        average: 75.7, min: 62, max: 95, // (62 + 70 + 95) / 3
        heart_rate_samples: [
          { timestamp: '2026-11-20T09:00:00Z', bpm: 62 }, { timestamp: '2026-11-20T09:05:00Z', bpm: 70 }, { timestamp: '2026-11-20T09:59:59Z', bpm: 95 },
        ],
      },
      {
        external_id: 'heartrate-2026-11-20T10:00:00Z', start_time: '2026-11-20T10:00:00Z', end_time: '2026-11-20T11:00:00Z',
        average: 58, min: 58, max: 58, heart_rate_samples: [{ timestamp: '2026-11-20T10:30:00Z', bpm: 58 }],
      },
    ]);
    expect(valid(records)).toBe(2);
  });
});
