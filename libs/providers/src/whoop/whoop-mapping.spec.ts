import { readHealthUpload } from '@strive/domain';
import { mapWhoopBody, mapWhoopCycles, mapWhoopSleeps, mapWhoopWorkouts, whoopLocalDate, whoopSportType } from './whoop-mapping';

// Payloads written from the WHOOP API v2 reference (cycle, recovery, sleep, workout, body measurement).
const NOW = new Date('2026-11-23T00:00:00Z');
const uploadable = (records: object) => readHealthUpload({ source: 'WHOOP', ...records }, NOW);

describe('WHOOP mapping', () => {
  it('takes the local date from the start and the timezone offset', () => {
    // 03:25Z at -05:00 is 22:25 of the day before.
    expect(whoopLocalDate('2026-11-20T03:25:44.774Z', '-05:00')).toBe('2026-11-19');
    expect(whoopLocalDate('2026-11-20T03:25:44.774Z', '+01:00')).toBe('2026-11-20');
    expect(whoopLocalDate('2026-11-20T03:25:44.774Z', 'EST')).toBeNull();
  });

  it('maps a scored cycle with its recovery: kJ to kcal, resting heart rate and HRV, SpO2 and skin temperature', () => {
    const records = mapWhoopCycles(
      { records: [{ id: 93845, user_id: 10129, created_at: '2026-11-20T11:25:44.774Z', updated_at: '2026-11-20T14:25:44.774Z', start: '2026-11-20T11:25:44.774Z', end: '2026-11-21T11:05:00.000Z', timezone_offset: '-05:00', score_state: 'SCORED', score: { strain: 5.2951527, kilojoule: 8368, average_heart_rate: 68, max_heart_rate: 141 } }], next_token: 'MTIzOjEyMzEyMw' },
      { records: [{ cycle_id: 93845, sleep_id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8', user_id: 10129, created_at: '2026-11-20T11:25:44.774Z', updated_at: '2026-11-20T14:25:44.774Z', score_state: 'SCORED', score: { user_calibrating: false, recovery_score: 44, resting_heart_rate: 64, hrv_rmssd_milli: 31.813562, spo2_percentage: 95.6875, skin_temp_celsius: 33.7 } }] },
    );
    // 8,368 kJ / 4.184 = 2,000 kcal.
    expect(records.daily_summary).toEqual([{ external_id: '93845', date: '2026-11-20', distance: 0, steps: 0, calories: 2000, heart_rate_summary: { resting: 64, average: 68, max: 141 } }]);
    expect(records.heartrate_summary).toEqual([{ external_id: '93845', date: '2026-11-20', resting: 64, average: 68, max: 141, hrv_rmssd: 31.813562 }]);
    expect(records.biometric_measurement).toEqual([
      { external_id: '93845:SPO2', timestamp: '2026-11-20T11:25:44.774Z', measurement_type: 'SPO2', value: 95.6875 },
      { external_id: '93845:SKIN_TEMPERATURE', timestamp: '2026-11-20T11:25:44.774Z', measurement_type: 'SKIN_TEMPERATURE', value: 33.7 },
    ]);
    uploadable(records);
  });

  it('skips what WHOOP has not scored, and keeps a cycle whose recovery is missing', () => {
    const records = mapWhoopCycles({
      records: [
        { id: 1, start: '2026-11-20T11:00:00Z', end: null, timezone_offset: '+00:00', score_state: 'PENDING_SCORE' },
        { id: 2, start: '2026-11-19T11:00:00Z', end: '2026-11-20T11:00:00Z', timezone_offset: '+00:00', score_state: 'SCORED', score: { kilojoule: 4184, average_heart_rate: 60, max_heart_rate: 120 } },
      ],
    }, null);
    expect(records.daily_summary).toEqual([{ external_id: '2', date: '2026-11-19', distance: 0, steps: 0, calories: 1000, heart_rate_summary: { resting: null, average: 60, max: 120 } }]);
    expect(records.biometric_measurement).toBeUndefined();
    uploadable(records);
  });

  it('maps a sleep: stage milliseconds to durations', () => {
    const records = mapWhoopSleeps({ records: [{
      id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8', cycle_id: 93845, v1_id: 93845, user_id: 10129, start: '2026-11-20T02:25:44.774Z', end: '2026-11-20T10:25:44.774Z',
      timezone_offset: '-05:00', nap: false, score_state: 'SCORED',
      score: {
        stage_summary: { total_in_bed_time_milli: 28800000, total_awake_time_milli: 1800000, total_no_data_time_milli: 0, total_light_sleep_time_milli: 14400000, total_slow_wave_sleep_time_milli: 6300000, total_rem_sleep_time_milli: 6300000, sleep_cycle_count: 3, disturbance_count: 12 },
        sleep_needed: { baseline_milli: 27395716, need_from_sleep_debt_milli: 352230, need_from_recent_strain_milli: 208595, need_from_recent_nap_milli: -12312 },
        respiratory_rate: 16.11328125, sleep_performance_percentage: 98, sleep_consistency_percentage: 90, sleep_efficiency_percentage: 91.69533848,
      },
    }] });
    expect(records.sleep_summary).toEqual([{
      external_id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8', start_time: '2026-11-20T02:25:44.774Z', end_time: '2026-11-20T10:25:44.774Z',
      total_sleep_duration: '07:30:00.000000', awake_duration: '00:30:00.000000', light_duration: '04:00:00.000000',
      deep_duration: '01:45:00.000000', rem_duration: '01:45:00.000000', sleep_score: 98, efficiency: 91.69533848, respiratory_rate: 16.11328125,
    }]);
    uploadable(records);
  });

  it('maps a workout: duration from start and end, kJ to kcal, metres', () => {
    const records = mapWhoopWorkouts({ records: [{
      id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8', v1_id: 1043, user_id: 9012, start: '2026-11-20T07:00:00.000Z', end: '2026-11-20T07:45:12.000Z',
      timezone_offset: '-05:00', sport_name: 'running', sport_id: 0, score_state: 'SCORED',
      score: { strain: 8.2463, average_heart_rate: 148, max_heart_rate: 176, kilojoule: 2142.208, percent_recorded: 100, distance_meter: 8040.3, altitude_gain_meter: 46.6, altitude_change_meter: -0.8, zone_durations: {} },
    }] });
    // 2,142.208 kJ / 4.184 = 512 kcal.
    expect(records.workout).toEqual([{
      external_id: 'ecfc6a15-4661-442f-a9a4-f160dd7afae8', timestamp: '2026-11-20T07:00:00.000Z', duration: '00:45:12.000000', type: 'RUNNING',
      distance: 8040.3, calories: 512, elevation_gain: 46.6, heart_rate_summary: { average: 148, max: 176 },
    }]);
    uploadable(records);
    expect(whoopSportType('Functional Fitness')).toBe('CROSSFIT');
    expect(whoopSportType('Jiu Jitsu')).toBe('OTHER');
  });

  it('maps the body measurement to one biometric per person and day', () => {
    const records = mapWhoopBody({ height_meter: 1.8288, weight_kilogram: 90.7185, max_heart_rate: 200 }, new Date('2026-11-20T09:00:00Z'), '10129');
    expect(records).toEqual({ biometric: [{ external_id: '10129:2026-11-20', timestamp: '2026-11-20T09:00:00.000Z', weight: 90.7185, height: 1.8288 }] });
    uploadable(records);
    expect(mapWhoopBody({ max_heart_rate: 200 }, new Date(), '1')).toEqual({});
  });
});
