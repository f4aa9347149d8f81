import { readHealthUpload } from '@strive/domain';
import { vendorZone } from '../shared/vendor-time';
import { fitbitActivityType, mapFitbitActivityLogs, mapFitbitActivitySeries, mapFitbitHeartRateDays, mapFitbitSleepLogs, mapFitbitWeightLogs } from './fitbit-mapping';

// Payloads written from the Fitbit Web API reference (metric unit system: km, kg, m).
const NOW = new Date('2026-08-01T00:00:00Z');
const valid = (records: object) => readHealthUpload({ source: 'FITBIT', ...records }, NOW).records.length;

describe('Fitbit activity time series -> daily_summary', () => {
  // GET /1/user/-/activities/{resource}/date/2026-03-29/2026-03-30.json: every value a string.
  const series = {
    steps: [{ dateTime: '2026-03-29', value: '6160' }, { dateTime: '2026-03-30', value: '11200' }],
    distance: [{ dateTime: '2026-03-29', value: '4.44' }, { dateTime: '2026-03-30', value: '8.0512' }],
    calories: [{ dateTime: '2026-03-29', value: '2522' }, { dateTime: '2026-03-30', value: '2851' }],
    floors: [{ dateTime: '2026-03-29', value: '8' }],
    minutesLightlyActive: [{ dateTime: '2026-03-29', value: '167' }, { dateTime: '2026-03-30', value: '201' }],
    minutesFairlyActive: [{ dateTime: '2026-03-29', value: '20' }, { dateTime: '2026-03-30', value: '35' }],
    minutesVeryActive: [{ dateTime: '2026-03-29', value: '11' }, { dateTime: '2026-03-30', value: '48' }],
  };

  it('joins the series by date: km as metres, active time as light + fair + very minutes', () => {
    const records = mapFitbitActivitySeries(series);
    expect(records.daily_summary).toEqual([
      { external_id: 'daily-2026-03-29', date: '2026-03-29', distance: 4440, steps: 6160, calories: 2522, active_duration: '03:18:00.000000', floors: 8 },
      // No floors series entry (a tracker without altimeter): null, not 0.
      { external_id: 'daily-2026-03-30', date: '2026-03-30', distance: 8051.2, steps: 11200, calories: 2851, active_duration: '04:44:00.000000', floors: null },
    ]);
    expect(valid(records)).toBe(2);
  });

  it('leaves out dates without steps and values that are not numbers', () => {
    const records = mapFitbitActivitySeries({ steps: [{ dateTime: '2026-03-29', value: 'n/a' }], calories: [{ dateTime: '2026-03-29', value: '2000' }] });
    expect(records.daily_summary).toEqual([]);
  });
});

describe('Fitbit activity log list -> workout', () => {
  const walk = {
    activeDuration: 1734000,
    activityLevel: [{ minutes: 4, name: 'sedentary' }, { minutes: 14, name: 'lightly' }, { minutes: 4, name: 'fairly' }, { minutes: 6, name: 'very' }],
    activityName: 'Walk', activityTypeId: 90013, averageHeartRate: 94, calories: 129, distance: 1.82, distanceUnit: 'Kilometer',
    duration: 1734000, elevationGain: 12.2, lastModified: '2026-03-30T22:09:34.000Z', logId: 1154701250, logType: 'auto_detected',
    startTime: '2026-03-30T14:50:14.000-07:00', steps: 2484,
  };
  const run = { ...walk, activityName: 'Run', activityTypeId: 90009, logId: 1154701251, distance: 3.1, distanceUnit: 'Mile', elevationGain: 30, duration: 1815500, startTime: '2026-03-31T06:30:00.000-07:00', logType: 'mobile_run' };
  const manual = { activityName: 'Yoga', logId: 77, duration: 3600000, calories: 180, logType: 'manual', startTime: '2026-04-01T19:00:00.000+02:00' };

  it('places startTime by its own offset, takes duration in ms and distance by distanceUnit', () => {
    const records = mapFitbitActivityLogs([walk, run, manual]);
    expect(records.workout).toEqual([
      {
        external_id: 'activity-1154701250', timestamp: '2026-03-30T21:50:14Z', duration: '00:28:54.000000', type: 'WALKING',
        is_manual: false, name: 'Walk', distance: 1820, steps: 2484, calories: 129, elevation_gain: 12.2,
        heart_rate_summary: { average: 94, min: null, max: null },
      },
      {
        // 3.1 mi = 4988.97 m; 30 ft = 9.14 m
        external_id: 'activity-1154701251', timestamp: '2026-03-31T13:30:00Z', duration: '00:30:15.500000', type: 'RUNNING',
        is_manual: false, name: 'Run', distance: 4989, steps: 2484, calories: 129, elevation_gain: 9.1,
        heart_rate_summary: { average: 94, min: null, max: null },
      },
      {
        external_id: 'activity-77', timestamp: '2026-04-01T17:00:00Z', duration: '01:00:00.000000', type: 'YOGA',
        is_manual: true, name: 'Yoga', distance: 0, steps: null, calories: 180, elevation_gain: null, heart_rate_summary: null,
      },
    ]);
    expect(valid(records)).toBe(3);
  });

  it('maps activity names, case aside, and OTHER for the unknown', () => {
    expect(fitbitActivityType('Outdoor Bike')).toBe('CYCLING');
    expect(fitbitActivityType('spinning')).toBe('INDOOR_CYCLING');
    expect(fitbitActivityType('Aerobic Workout')).toBe('OTHER');
  });
});

describe('Fitbit sleep log -> sleep_summary and sleep_detail', () => {
  // startTime and levels.data dateTime are local times WITHOUT an offset.
  const log = {
    dateOfSleep: '2026-02-21', duration: 26_520_000, efficiency: 94, endTime: '2026-02-21T07:38:30.000', infoCode: 0, isMainSleep: true,
    levels: {
      data: [
        { dateTime: '2026-02-21T00:16:30.000', level: 'wake', seconds: 600 },
        { dateTime: '2026-02-21T00:26:30.000', level: 'light', seconds: 1230 },
        { dateTime: '2026-02-21T00:47:00.000', level: 'deep', seconds: 1800 },
      ],
      shortData: [],
      summary: { deep: { count: 5, minutes: 52, thirtyDayAvgMinutes: 0 }, light: { count: 32, minutes: 226 }, rem: { count: 11, minutes: 106 }, wake: { count: 30, minutes: 58 } },
    },
    logId: 26013218219, logType: 'auto_detected', minutesAfterWakeup: 0, minutesAsleep: 384, minutesAwake: 58, minutesToFallAsleep: 0,
    startTime: '2026-02-21T00:16:30.000', timeInBed: 442, type: 'stages',
  };
  const losAngeles = vendorZone('America/Los_Angeles', -28_800_000);

  it('places local times in the profile\'s zone (PST, UTC-8) and reads the stage minutes', () => {
    const records = mapFitbitSleepLogs([log], losAngeles);
    expect(records.sleep_summary).toEqual([{
      external_id: 'sleep-26013218219', start_time: '2026-02-21T08:16:30Z', end_time: '2026-02-21T15:38:30Z',
      total_sleep_duration: '06:24:00.000000', awake_duration: '00:58:00.000000', light_duration: '03:46:00.000000',
      deep_duration: '00:52:00.000000', rem_duration: '01:46:00.000000', sleep_score: null, efficiency: 94,
    }]);
    expect(records.sleep_detail).toEqual([
      { external_id: 'sleep-26013218219-0', start_time: '2026-02-21T08:16:30Z', end_time: '2026-02-21T08:26:30Z', stage: 'AWAKE' },
      { external_id: 'sleep-26013218219-1', start_time: '2026-02-21T08:26:30Z', end_time: '2026-02-21T08:47:00Z', stage: 'LIGHT' },
      { external_id: 'sleep-26013218219-2', start_time: '2026-02-21T08:47:00Z', end_time: '2026-02-21T09:17:00Z', stage: 'DEEP' },
    ]);
    expect(valid(records)).toBe(4);
  });

  it('reads a classic log: no stage durations, asleep as UNKNOWN and restless as AWAKE', () => {
    const classic = {
      ...log, type: 'classic', logId: 5,
      levels: { data: [{ dateTime: '2026-02-21T00:16:30.000', level: 'asleep', seconds: 300 }, { dateTime: '2026-02-21T00:21:30.000', level: 'restless', seconds: 60 }], summary: { asleep: { count: 0, minutes: 384 }, awake: { count: 2, minutes: 10 }, restless: { count: 8, minutes: 48 } } },
    };
    const records = mapFitbitSleepLogs([classic], losAngeles);
    expect(records.sleep_summary?.[0]).toMatchObject({ light_duration: null, deep_duration: null, rem_duration: null, total_sleep_duration: '06:24:00.000000' });
    expect(records.sleep_detail?.map((d) => d.stage)).toEqual(['UNKNOWN', 'AWAKE']);
  });
});

describe('Fitbit heart rate time series -> heartrate_summary', () => {
  it('keeps the days with a resting heart rate', () => {
    const days = [
      { dateTime: '2026-02-20', value: { customHeartRateZones: [], heartRateZones: [{ caloriesOut: 2877.06, max: 97, min: 30, minutes: 1440, name: 'Out of Range' }], restingHeartRate: 68 } },
      { dateTime: '2026-02-21', value: { customHeartRateZones: [], heartRateZones: [] } },
    ];
    const records = mapFitbitHeartRateDays(days);
    expect(records.heartrate_summary).toEqual([{ external_id: 'heart-2026-02-20', date: '2026-02-20', resting: 68, average: null, min: null, max: null, hrv_rmssd: null }]);
    expect(valid(records)).toBe(1);
  });
});

describe('Fitbit weight log -> weight and bmi', () => {
  const log = { bmi: 23.57, date: '2026-07-01', fat: 14.59, logId: 1330991999000, source: 'Aria', time: '07:12:00', weight: 72.6 };

  it('places date + time in the named zone, summer time included (Amsterdam is UTC+2 in July, though the profile\'s current offset says +1)', () => {
    const records = mapFitbitWeightLogs([log], vendorZone('Europe/Amsterdam', 3_600_000));
    expect(records).toEqual({
      weight: [{ external_id: 'weight-1330991999000', timestamp: '2026-07-01T05:12:00Z', weight: 72.6 }],
      bmi: [{ external_id: 'bmi-1330991999000', timestamp: '2026-07-01T05:12:00Z', bmi: 23.57 }],
    });
    expect(valid(records)).toBe(2);
  });

  it('falls back to offsetFromUTCMillis when the zone is unknown', () => {
    expect(mapFitbitWeightLogs([log], vendorZone('Mars/Olympus', -18_000_000)).weight?.[0]).toMatchObject({ timestamp: '2026-07-01T12:12:00Z' });
  });
});
