import { readHealthUpload } from '@strive/domain';
import { mapWithingsActivities, mapWithingsMeasureGroups, mapWithingsSleeps, mapWithingsWorkouts, withingsValue, withingsWorkoutType } from './withings-mapping';

// Bodies written from the Withings Public API reference (Measure - Getmeas, Measure v2 -
// Getactivity / Getworkouts, Sleep v2 - Getsummary).
const NOW = new Date('2026-11-23T00:00:00Z');
const uploadable = (records: object) => readHealthUpload({ source: 'WITHINGS', ...records }, NOW);
const AT = 1795156200; // 2026-11-20T06:30:00Z

describe('Withings mapping', () => {
  it('reads value * 10^unit', () => {
    expect(withingsValue({ value: 65750, unit: -3, type: 1 })).toBe(65.75);
    expect(withingsValue({ value: 178, unit: -2, type: 4 })).toBe(1.78);
    expect(withingsValue({ value: 121, unit: 0, type: 10 })).toBe(121);
    expect(withingsValue({ value: 7, unit: 1, type: 11 })).toBe(70);
  });

  it('maps a scale weighing: weight and height, body composition codes in their units, hydration as % of weight', () => {
    const records = mapWithingsMeasureGroups({
      updatetime: 1795160000,
      timezone: 'Europe/Paris',
      measuregrps: [{
        grpid: 4823169071, attrib: 0, date: AT, created: AT + 5, modified: AT + 5, category: 1, deviceid: 'a1b2', hash_deviceid: 'a1b2',
        measures: [
          { value: 72400, type: 1, unit: -3, algo: 0, fm: 131 },
          { value: 178, type: 4, unit: -2 },
          { value: 18500, type: 6, unit: -3 },
          { value: 13394, type: 8, unit: -3 },
          { value: 33650, type: 76, unit: -3 },
          { value: 39820, type: 77, unit: -3 },
          { value: 310, type: 88, unit: -2 },
          { value: 59006, type: 5, unit: -3 },
          { value: 42, type: 999, unit: 0 },
        ],
        comment: null,
      }],
      more: 0,
      offset: 0,
    });
    expect(records.biometric).toEqual([{ external_id: '4823169071', timestamp: '2026-11-20T06:30:00.000Z', weight: 72.4, height: 1.78 }]);
    // 39.82 kg of water in 72.4 kg: 55 %.
    expect(records.biometric_measurement).toEqual([
      { external_id: '4823169071:FAT_RATIO', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'FAT_RATIO', value: 18.5 },
      { external_id: '4823169071:BODY_FAT_MASS', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'BODY_FAT_MASS', value: 13.394 },
      { external_id: '4823169071:MUSCLE_MASS', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'MUSCLE_MASS', value: 33.65 },
      { external_id: '4823169071:BONE_MASS', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'BONE_MASS', value: 3.1 },
      { external_id: '4823169071:HYDRATION', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'HYDRATION', value: 55 },
      { external_id: '4823169071:Fat free mass', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'OTHER', value: 59.006, unit: 'kg', label: 'Fat free mass' },
    ]);
    const upload = uploadable(records);
    expect(upload.records.find((r) => r.externalId === '4823169071:HYDRATION')?.data.unit).toBe('%');
  });

  it('maps a cuff reading: systolic with its diastolic, the pulse as a heart rate sample, SpO2 and temperature', () => {
    const records = mapWithingsMeasureGroups({
      measuregrps: [{
        grpid: 4823170000, date: AT, category: 1,
        measures: [{ value: 121, type: 10, unit: 0 }, { value: 79, type: 9, unit: 0 }, { value: 64, type: 11, unit: 0 }, { value: 97, type: 54, unit: 0 }, { value: 3671, type: 71, unit: -2 }],
      }],
    });
    expect(records.biometric).toBeUndefined();
    expect(records.heartrate_sample).toEqual([{
      external_id: '4823170000:pulse', start_time: '2026-11-20T06:30:00.000Z', end_time: '2026-11-20T06:30:00.000Z', average: 64, min: 64, max: 64,
    }]);
    expect(records.biometric_measurement).toEqual([
      { external_id: '4823170000:BLOOD_PRESSURE', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'BLOOD_PRESSURE', value: 121, secondary_value: 79 },
      { external_id: '4823170000:SPO2', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'SPO2', value: 97 },
      { external_id: '4823170000:BODY_TEMPERATURE', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'BODY_TEMPERATURE', value: 36.71 },
    ]);
    uploadable(records);
  });

  it('skips user objectives (category 2), keeps hydration in kg without a weight, and skips unreadable groups', () => {
    const records = mapWithingsMeasureGroups({
      measuregrps: [
        { grpid: 1, date: AT, category: 2, measures: [{ value: 70000, type: 1, unit: -3 }] },
        { grpid: 2, date: AT, category: 1, measures: [{ value: 39820, type: 77, unit: -3 }] },
        { grpid: 3, date: 'today', category: 1, measures: [] },
      ],
    });
    expect(records).toEqual({
      biometric_measurement: [{ external_id: '2:Hydration', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'OTHER', value: 39.82, unit: 'kg', label: 'Hydration' }],
    });
    uploadable(records);
  });

  it('keeps the local date of an activity day, whatever its timezone', () => {
    // Los Angeles is UTC-8: the day 2026-11-20 ends at 08:00Z on the 21st; its date stays the 20th.
    const records = mapWithingsActivities({
      activities: [{
        date: '2026-11-20', timezone: 'America/Los_Angeles', deviceid: null, hash_deviceid: null, brand: 18, is_tracker: true,
        steps: 11230, distance: 8420.3, elevation: 27, soft: 3600, moderate: 2400, intense: 1200, active: 3600,
        calories: 480.5, totalcalories: 2310.5, hr_average: 71, hr_min: 48, hr_max: 171, hr_zone_0: 100,
      }],
      more: false,
      offset: 0,
    });
    expect(records.daily_summary).toEqual([{
      external_id: '2026-11-20', date: '2026-11-20', distance: 8420.3, steps: 11230, calories: 2310.5, active_duration: '01:00:00.000000',
      heart_rate_summary: { average: 71, min: 48, max: 171 },
    }]);
    uploadable(records);
  });

  it('maps a workout: category to activity type, pauses taken out of its duration', () => {
    const records = mapWithingsWorkouts({
      series: [{
        id: 3025801, category: 2, timezone: 'Europe/Paris', model: 1055, attrib: 7, startdate: AT, enddate: AT + 3000, date: '2026-11-20', deviceid: 'x', modified: AT + 4000,
        data: { calories: 512, intensity: 50, steps: 7600, distance: 8040, elevation: 64, hr_average: 148, hr_min: 96, hr_max: 176, pause_duration: 288 },
      }],
      more: false, offset: 0,
    });
    expect(records.workout).toEqual([{
      external_id: '3025801', timestamp: '2026-11-20T06:30:00.000Z', duration: '00:45:12.000000', type: 'RUNNING',
      distance: 8040, steps: 7600, calories: 512, elevation_gain: 64, heart_rate_summary: { average: 148, min: 96, max: 176 },
    }]);
    uploadable(records);
    expect(withingsWorkoutType(308)).toBe('INDOOR_CYCLING');
    expect(withingsWorkoutType(36)).toBe('OTHER');
  });

  it('maps a sleep summary: efficiency from a ratio to a percentage', () => {
    const records = mapWithingsSleeps({
      series: [{
        id: 2081804182, timezone: 'Europe/Paris', model: 32, model_id: 63, startdate: 1795126200, enddate: 1795150800, date: '2026-11-20',
        created: 1795151000, modified: 1795151000,
        data: { wakeupduration: 1800, lightsleepduration: 12600, deepsleepduration: 5400, remsleepduration: 4800, total_sleep_time: 22800,
          sleep_efficiency: 0.93, sleep_score: 82, hr_average: 55, hr_min: 47, rr_average: 14, wakeupcount: 2 },
      }],
      more: false, offset: 0,
    });
    expect(records.sleep_summary).toEqual([{
      external_id: '2081804182', start_time: '2026-11-19T22:10:00.000Z', end_time: '2026-11-20T05:00:00.000Z',
      total_sleep_duration: '06:20:00.000000', awake_duration: '00:30:00.000000', light_duration: '03:30:00.000000',
      deep_duration: '01:30:00.000000', rem_duration: '01:20:00.000000', sleep_score: 82, efficiency: 93,
      average_heart_rate: 55, lowest_heart_rate: 47, respiratory_rate: 14,
    }]);
    uploadable(records);
  });
});
