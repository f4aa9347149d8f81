import { readHealthUpload } from '@strive/domain';
import { mapWahooWorkouts, wahooNumber, wahooWorkoutType } from './wahoo-mapping';

// A workout as the Wahoo Cloud API reference lists it (GET /v1/workouts), with its summary.
const NOW = new Date('2026-11-23T00:00:00Z');
const uploadable = (records: object) => readHealthUpload({ source: 'WAHOO', ...records }, NOW);

describe('Wahoo mapping', () => {
  it('reads numbers sent as numbers or decimal strings', () => {
    expect(wahooNumber('24909.71')).toBe(24909.71);
    expect(wahooNumber(450)).toBe(450);
    expect(wahooNumber('n/a')).toBeNull();
    expect(wahooNumber(null)).toBeNull();
  });

  it('maps a workout and its summary: total duration, string decimals, the type id', () => {
    const records = mapWahooWorkouts([{
      id: 56519, starts: '2026-11-20T16:00:00.000Z', minutes: 45, name: 'Friday afternoon ride', plan_id: null, workout_token: 'abc', workout_type_id: 15,
      created_at: '2026-11-20T17:00:00.000Z', updated_at: '2026-11-20T17:00:00.000Z',
      workout_summary: {
        id: 8297, ascent_accum: '450.0', cadence_avg: '85.0', calories_accum: '1500.0', distance_accum: '24909.71', duration_active_accum: '2617',
        duration_paused_accum: '95', duration_total_accum: '2712', heart_rate_avg: '124.0', power_avg: '194.59', speed_avg: '9.52', work_accum: '509000',
        manual: false, time_zone: 'America/Denver', created_at: '2026-11-20T17:00:00.000Z', updated_at: '2026-11-20T17:00:00.000Z', file: { url: 'https://example.invalid/ride.fit' },
      },
    }, { id: 56520, starts: '2026-11-21T16:00:00.000Z', minutes: 30, workout_type_id: 1, workout_summary: null }]);
    expect(records.workout).toEqual([{
      external_id: '56519', timestamp: '2026-11-20T16:00:00.000Z', duration: '00:45:12.000000', type: 'CYCLING', is_manual: false,
      name: 'Friday afternoon ride', distance: 24909.71, calories: 1500, elevation_gain: 450, heart_rate_summary: { average: 124 },
    }]);
    uploadable(records);
    expect(wahooWorkoutType(12)).toBe('INDOOR_CYCLING');
    expect(wahooWorkoutType(255)).toBe('OTHER');
  });
});
