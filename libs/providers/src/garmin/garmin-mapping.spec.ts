import { readHealthUpload } from '@strive/domain';
import { garminActivityType, garminLocalDate, mapGarminSummaries } from './garmin-mapping';

// Payloads written from the Garmin Health API reference (summary endpoints): epoch seconds,
// the device's UTC offset, `summaryId` as the stable key.
const NOW = new Date('2026-11-23T00:00:00Z');
const uploadable = (records: object) => readHealthUpload({ source: 'GARMIN', ...records }, NOW);

// 2026-11-19T23:00:00Z is midnight in Berlin (UTC+1): the person's day is 2026-11-20.
const DAILY = {
  summaryId: 'x3f1b2c-6763a970-15180',
  activityType: 'WALKING',
  startTimeInSeconds: 1795129200,
  startTimeOffsetInSeconds: 3600,
  durationInSeconds: 86400,
  steps: 10432,
  distanceInMeters: 8120.5,
  activeTimeInSeconds: 5400,
  activeKilocalories: 612,
  bmrKilocalories: 1703,
  floorsClimbed: 7,
  minHeartRateInBeatsPerMinute: 48,
  averageHeartRateInBeatsPerMinute: 66,
  maxHeartRateInBeatsPerMinute: 151,
  restingHeartRateInBeatsPerMinute: 52,
  timeOffsetHeartRateSamples: { '30': 60, '15': 58, '45': 64 },
  averageStressLevel: 31,
  maxStressLevel: 88,
  restStressDurationInSeconds: 33000,
  lowStressDurationInSeconds: 14400,
  mediumStressDurationInSeconds: 4800,
  highStressDurationInSeconds: 1500,
};

describe('Garmin mapping', () => {
  it('takes the local date from the start and its UTC offset when Garmin sends no calendarDate', () => {
    expect(garminLocalDate({ startTimeInSeconds: 1795129200, startTimeOffsetInSeconds: 3600 })).toBe('2026-11-20');
    // The same instant in New York (UTC-5) is still the evening of the 19th.
    expect(garminLocalDate({ startTimeInSeconds: 1795129200, startTimeOffsetInSeconds: -18000 })).toBe('2026-11-19');
    expect(garminLocalDate({ calendarDate: '2026-11-18', startTimeInSeconds: 1795129200 })).toBe('2026-11-18');
  });

  it('maps a daily summary to the day, its stress, its heart rate and its samples, all keyed by summaryId', () => {
    const records = mapGarminSummaries('dailies', [DAILY]);
    expect(records.daily_summary).toEqual([{
      external_id: 'x3f1b2c-6763a970-15180',
      date: '2026-11-20',
      distance: 8120.5,
      steps: 10432,
      calories: 2315, // 612 active + 1703 resting
      active_duration: '01:30:00.000000',
      floors: 7,
      heart_rate_summary: { resting: 52, average: 66, min: 48, max: 151 },
      stress_summary: { average: 31, max: 88 },
    }]);
    expect(records.stress_summary).toEqual([{
      external_id: 'x3f1b2c-6763a970-15180', date: '2026-11-20', average_stress: 31, max_stress: 88,
      rest_duration: '09:10:00.000000', low_duration: '04:00:00.000000', medium_duration: '01:20:00.000000', high_duration: '00:25:00.000000',
    }]);
    expect(records.heartrate_summary).toEqual([{
      external_id: 'x3f1b2c-6763a970-15180', date: '2026-11-20', resting: 52, average: 66, min: 48, max: 151, hrv_rmssd: null,
    }]);
    // Samples sorted by their offset; average (58 + 60 + 64) / 3 = 60.7.
    expect(records.heartrate_sample).toEqual([{
      external_id: 'x3f1b2c-6763a970-15180',
      start_time: '2026-11-19T23:00:00.000Z',
      end_time: '2026-11-20T23:00:00.000Z',
      average: 60.7, min: 58, max: 64,
      heart_rate_samples: [
        { timestamp: '2026-11-19T23:00:15.000Z', bpm: 58 },
        { timestamp: '2026-11-19T23:00:30.000Z', bpm: 60 },
        { timestamp: '2026-11-19T23:00:45.000Z', bpm: 64 },
      ],
    }]);
    const upload = uploadable(records);
    expect(upload.records.map((r) => `${r.type}:${r.externalId}`).sort()).toEqual([
      'daily_summary:x3f1b2c-6763a970-15180', 'heartrate_sample:x3f1b2c-6763a970-15180',
      'heartrate_summary:x3f1b2c-6763a970-15180', 'stress_summary:x3f1b2c-6763a970-15180',
    ]);
  });

  it('leaves out the stress of a day Garmin marks -1 (too little data) and an absent heart rate', () => {
    const records = mapGarminSummaries('dailies', [{
      summaryId: 's-2', calendarDate: '2026-11-21', startTimeInSeconds: 1795215600, startTimeOffsetInSeconds: 3600,
      steps: 200, distanceInMeters: 150, activeKilocalories: 10, bmrKilocalories: 1700, averageStressLevel: -1, maxStressLevel: -1,
    }]);
    expect(records.daily_summary?.[0]).toMatchObject({ date: '2026-11-21', calories: 1710, heart_rate_summary: null, stress_summary: null });
    expect(records.stress_summary).toBeUndefined();
    expect(records.heartrate_summary).toBeUndefined();
    expect(records.heartrate_sample).toBeUndefined();
    uploadable(records);
  });

  it('maps an activity summary to a workout with Strive activity types', () => {
    const records = mapGarminSummaries('activities', [{
      summaryId: '5001968355',
      activityId: 5001968355,
      activityName: 'Berlin Running',
      activityType: 'RUNNING',
      startTimeInSeconds: 1795156200,
      startTimeOffsetInSeconds: 3600,
      durationInSeconds: 2712,
      distanceInMeters: 8040.2,
      activeKilocalories: 512,
      steps: 7600,
      averageHeartRateInBeatsPerMinute: 148,
      maxHeartRateInBeatsPerMinute: 176,
      totalElevationGainInMeters: 64,
      manual: false,
      deviceName: 'forerunner965',
    }]);
    expect(records.workout).toEqual([{
      external_id: '5001968355',
      timestamp: '2026-11-20T06:30:00.000Z',
      duration: '00:45:12.000000',
      type: 'RUNNING',
      is_manual: false,
      name: 'Berlin Running',
      distance: 8040.2,
      steps: 7600,
      calories: 512,
      elevation_gain: 64,
      heart_rate_summary: { average: 148, max: 176 },
    }]);
    uploadable(records);
    expect(garminActivityType('LAP_SWIMMING')).toBe('SWIMMING');
    expect(garminActivityType('INDOOR_RUNNING')).toBe('TREADMILL_RUNNING');
    expect(garminActivityType('HANG_GLIDING')).toBe('OTHER');
  });

  it('maps a sleep summary and its stage map', () => {
    // 22:10Z to 05:00Z: 24,600 s; deep 5,400 + light 12,600 + rem 4,800 = 22,800 s asleep.
    const records = mapGarminSummaries('sleeps', [{
      summaryId: 'x3f1b2c-6763d2b8-6018',
      calendarDate: '2026-11-20',
      startTimeInSeconds: 1795126200,
      startTimeOffsetInSeconds: 3600,
      durationInSeconds: 24600,
      deepSleepDurationInSeconds: 5400,
      lightSleepDurationInSeconds: 12600,
      remSleepInSeconds: 4800,
      awakeDurationInSeconds: 1800,
      sleepLevelsMap: {
        deep: [{ startTimeInSeconds: 1795126200, endTimeInSeconds: 1795131600 }],
        awake: [{ startTimeInSeconds: 1795131600, endTimeInSeconds: 1795133400 }],
      },
      overallSleepScore: { value: 82, qualifierKey: 'GOOD' },
      validation: 'ENHANCED_FINAL',
    }]);
    expect(records.sleep_summary).toEqual([{
      external_id: 'x3f1b2c-6763d2b8-6018',
      start_time: '2026-11-19T22:10:00.000Z',
      end_time: '2026-11-20T05:00:00.000Z',
      total_sleep_duration: '06:20:00.000000',
      awake_duration: '00:30:00.000000',
      light_duration: '03:30:00.000000',
      deep_duration: '01:30:00.000000',
      rem_duration: '01:20:00.000000',
      sleep_score: 82,
    }]);
    expect(records.sleep_detail).toEqual([
      { external_id: 'x3f1b2c-6763d2b8-6018:deep:1795126200', start_time: '2026-11-19T22:10:00.000Z', end_time: '2026-11-19T23:40:00.000Z', stage: 'DEEP' },
      { external_id: 'x3f1b2c-6763d2b8-6018:awake:1795131600', start_time: '2026-11-19T23:40:00.000Z', end_time: '2026-11-20T00:10:00.000Z', stage: 'AWAKE' },
    ]);
    uploadable(records);
  });

  it('maps a body composition: grams to kilograms, weight and BMI as a biometric, the rest as measurements', () => {
    const records = mapGarminSummaries('bodyComps', [{
      summaryId: 'x3f1b2c-6764c1a0', measurementTimeInSeconds: 1795156200, measurementTimeOffsetInSeconds: 3600,
      weightInGrams: 72400, bodyMassIndex: 22.9, bodyFatInPercent: 18.5, bodyWaterInPercent: 55.2, boneMassInGrams: 3100, muscleMassInGrams: 33650,
    }]);
    expect(records.biometric).toEqual([{ external_id: 'x3f1b2c-6764c1a0', timestamp: '2026-11-20T06:30:00.000Z', weight: 72.4, bmi: 22.9 }]);
    expect(records.biometric_measurement).toEqual([
      { external_id: 'x3f1b2c-6764c1a0:BODY_FAT', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'BODY_FAT', value: 18.5 },
      { external_id: 'x3f1b2c-6764c1a0:HYDRATION', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'HYDRATION', value: 55.2 },
      { external_id: 'x3f1b2c-6764c1a0:BONE_MASS', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'BONE_MASS', value: 3.1 },
      { external_id: 'x3f1b2c-6764c1a0:MUSCLE_MASS', timestamp: '2026-11-20T06:30:00.000Z', measurement_type: 'MUSCLE_MASS', value: 33.65 },
    ]);
    uploadable(records);
  });

  it('skips summaries without their key fields and answers nothing for a non-array payload', () => {
    expect(mapGarminSummaries('activities', [{ activityName: 'no id', startTimeInSeconds: 1, durationInSeconds: 1 }, null, 'x'])).toEqual({});
    expect(mapGarminSummaries('dailies', { error: 'nope' })).toEqual({});
  });
});
