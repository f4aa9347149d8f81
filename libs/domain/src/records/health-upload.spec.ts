import fc from 'fast-check';
import { HealthDataErrorCode } from './health-data-error';
import { DATA_TYPE_SPECS, Fields } from './health-data-schema';
import { formatDuration, HEALTH_DATA_TYPES, MEASUREMENT_TYPES, MEASUREMENT_UNITS, parseDuration } from './health-record';
import { MAX_UPLOAD_RECORDS, readHealthUpload } from './health-upload';

const NOW = new Date('2026-11-20T12:00:00Z');
const read = (body: unknown) => readHealthUpload(body, NOW);

/** The issues an upload is refused with, as "path: message". */
function issuesOf(body: unknown): string[] {
  try {
    read(body);
  } catch (error) {
    return (error as { issues: { path: string; message: string }[] }).issues.map((i) => `${i.path}: ${i.message}`);
  }
  throw new Error('the upload was accepted');
}

const workout = (extra: Record<string, unknown> = {}) => ({
  external_id: 'w1', timestamp: '2026-11-20T07:00:00+02:00', duration: '01:30:00.5', type: 'RUNNING', distance: 10_000, ...extra,
});

describe(readHealthUpload.name, () => {
  it('turns every record into a stored shape: UTC instants, normalised durations, absent fields as null', () => {
    const upload = read({ source: 'GARMIN', workout: [workout()], daily_summary: [{ external_id: 'd1', date: '2026-11-19', distance: 1, steps: 2, calories: 3 }] });
    expect(upload.source).toBe('GARMIN');
    const [summary, run] = upload.records;
    expect(run).toMatchObject({
      type: 'workout', externalId: 'w1', subtype: '',
      time: new Date('2026-11-20T05:00:00Z'),
      // 1 h 30 min 0.5 s after the start.
      endTime: new Date('2026-11-20T06:30:00.500Z'),
    });
    expect(run.data).toMatchObject({ timestamp: '2026-11-20T05:00:00.000Z', duration: '01:30:00.500000', steps: null, is_manual: null });
    expect(summary).toMatchObject({ type: 'daily_summary', time: new Date('2026-11-19T00:00:00Z'), endTime: null });
  });

  it('files biometric measurements under their type and serves the fixed unit of the type', () => {
    const [bp, other] = read({
      source: 'OMRON',
      biometric_measurement: [
        { external_id: 'a', timestamp: '2026-11-20T06:00:00Z', measurement_type: 'BLOOD_PRESSURE', value: 120, secondary_value: 80 },
        { external_id: 'b', timestamp: '2026-11-20T06:00:00Z', measurement_type: 'OTHER', value: 0.4, unit: 'mmol/L', label: 'Ketones' },
      ],
    }).records;
    expect([bp.subtype, bp.data.unit, other.subtype, other.data.unit]).toEqual(['BLOOD_PRESSURE', 'mmHg', 'OTHER', 'mmol/L']);
  });

  it('accepts each of the 23 measurement types, filed under it with its unit', () => {
    const records = read({
      source: 'WITHINGS',
      biometric_measurement: MEASUREMENT_TYPES.map((type, i) => ({ external_id: `m${i}`, timestamp: '2026-11-20T06:00:00Z', measurement_type: type, value: 1 })),
    }).records;
    expect(records).toHaveLength(23);
    expect(records.map((r) => [r.subtype, r.data.unit])).toEqual(MEASUREMENT_TYPES.map((type) => [type, type === 'OTHER' ? null : MEASUREMENT_UNITS[type]]));
  });

  it('places intervals at their start and accepts every type with only its required fields', () => {
    const minimal: Record<string, unknown> = {
      activity_segment: { start_time: '2026-11-20T08:00:00Z', end_time: '2026-11-20T08:00:00Z', activity_type: 'WALKING' },
      biometric: { timestamp: '2026-11-20T06:00:00Z', height: 1.7 },
      biometric_measurement: { timestamp: '2026-11-20T06:00:00Z', measurement_type: 'HRV', value: 40 },
      bmi: { timestamp: '2026-11-20T06:00:00Z', bmi: 21 },
      daily_detail: { timestamp: '2026-11-20T06:00:00Z' },
      daily_summary: { date: '2026-11-21', distance: 0, steps: 0, calories: 0 },
      detail_sample: { timestamp: '2026-11-20T06:00:00Z' },
      ecg_recordings: { start_time: '2026-11-20T06:00:00Z', sampling_frequency: 250, samples: [] },
      heartrate_sample: { start_time: '2026-11-20T06:00:00Z', end_time: '2026-11-20T06:05:00Z', heart_rate_samples: [{ timestamp: '2026-11-20T06:00:00Z', bpm: 60 }] },
      heartrate_summary: { date: '2026-11-20' },
      height: { timestamp: '2026-11-20T06:00:00Z', height: 1.7 },
      sleep_detail: { start_time: '2026-11-20T01:00:00Z', end_time: '2026-11-20T02:00:00Z', stage: 'REM' },
      sleep_sample: { timestamp: '2026-11-20T01:00:00Z' },
      sleep_summary: { start_time: '2026-11-20T00:00:00Z', end_time: '2026-11-20T07:00:00Z' },
      stress_samples: { timestamp: '2026-11-20T06:00:00Z', stress_level: 0 },
      stress_summary: { date: '2026-11-20' },
      track_sample: { timestamp: '2026-11-20T06:00:00Z', latitude: -90, longitude: 180 },
      weight: { timestamp: '2026-11-20T06:00:00Z', weight: 0.1 },
      workout: workout({ is_manual: true, heart_rate_summary: { average: 100 } }),
    };
    const body = Object.fromEntries(Object.entries(minimal).map(([type, record]) => [type, [{ external_id: 'x', ...(record as object) }]]));
    const records = read({ source: 'APPLE', ...body }).records;
    expect(records.map((r) => r.type)).toEqual([...HEALTH_DATA_TYPES]);
    expect(records.find((r) => r.type === 'sleep_summary')).toMatchObject({ time: new Date('2026-11-20T00:00:00Z'), endTime: new Date('2026-11-20T07:00:00Z') });
    expect(DATA_TYPE_SPECS).toHaveLength(HEALTH_DATA_TYPES.length);
  });

  it.each<[string, unknown, string]>([
    ['a body that is not an object', [], ': The upload must be a JSON object.'],
    ['no source', { workout: [] }, 'source: is required: one of GARMIN, FITBIT, POLAR, SUUNTO, WITHINGS, OURA, WHOOP, COROS, STRAVA, WAHOO, HUAWEI, SAMSUNG, APPLE, HEALTH_CONNECT, GOOGLE_FIT, OMRON, ZWIFT, STRIVE'],
    ['an unknown data type', { source: 'GARMIN', steps: [] }, 'steps: unknown field: steps is not a data type'],
    ['a type that is not an array', { source: 'GARMIN', workout: null }, 'workout: must be an array of Workout records, not null'],
    ['a record that is not an object', { source: 'GARMIN', workout: [7] }, 'workout[0]: must be an object, not a number'],
    ['no external_id', { source: 'GARMIN', workout: [workout({ external_id: '' })] }, 'workout[0].external_id: is required: a string of 1 to 255 characters'],
    ['a repeated external_id', { source: 'GARMIN', workout: [workout(), workout()] }, 'workout[1].external_id: is repeated in this upload'],
    ['a missing required field', { source: 'GARMIN', workout: [workout({ distance: undefined })] }, 'workout[0].distance: is required'],
    ['null where not nullable', { source: 'GARMIN', workout: [workout({ distance: null })] }, 'workout[0].distance: must not be null'],
    ['a string for a number', { source: 'GARMIN', workout: [workout({ distance: '5' })] }, 'workout[0].distance: must be a number, not a string'],
    ['a fraction for an integer', { source: 'GARMIN', workout: [workout({ steps: 1.5 })] }, 'workout[0].steps: must be an integer'],
    ['a negative distance', { source: 'GARMIN', workout: [workout({ distance: -1 })] }, 'workout[0].distance: must not be negative'],
    ['a zero weight', { source: 'GARMIN', weight: [{ external_id: 'a', timestamp: '2026-11-20T06:00:00Z', weight: 0 }] }, 'weight[0].weight: must be greater than 0'],
    ['a value over the maximum', { source: 'GARMIN', stress_samples: [{ external_id: 'a', timestamp: '2026-11-20T06:00:00Z', stress_level: 101 }] }, 'stress_samples[0].stress_level: must be at most 100'],
    ['a value under a negative minimum', { source: 'GARMIN', track_sample: [{ external_id: 'a', timestamp: '2026-11-20T06:00:00Z', latitude: -91, longitude: 0 }] }, 'track_sample[0].latitude: must be at least -90'],
    ['a number for a string', { source: 'GARMIN', workout: [workout({ type: 5 })] }, 'workout[0].type: must be a string, not a number'],
    ['a too long string', { source: 'GARMIN', workout: [workout({ name: 'x'.repeat(201) })] }, 'workout[0].name: must have at most 200 characters'],
    ['a value outside the enum', { source: 'GARMIN', sleep_detail: [{ external_id: 'a', start_time: '2026-11-20T01:00:00Z', end_time: '2026-11-20T02:00:00Z', stage: 'DREAM' }] }, 'sleep_detail[0].stage: must be one of AWAKE, LIGHT, DEEP, REM, UNKNOWN'],
    ['a lower-case activity type', { source: 'GARMIN', workout: [workout({ type: 'running' })] }, 'workout[0].type: must be an upper-case word such as WALKING, RUNNING, TREADMILL_RUNNING'],
    ['a string for a boolean', { source: 'GARMIN', workout: [workout({ is_manual: 'no' })] }, 'workout[0].is_manual: must be a boolean, not a string'],
    ['a date-time without zone', { source: 'GARMIN', workout: [workout({ timestamp: '2026-11-20T07:00:00' })] }, 'workout[0].timestamp: must be an ISO 8601 date-time'],
    ['an impossible date-time', { source: 'GARMIN', workout: [workout({ timestamp: '2026-02-30T25:00:00Z' })] }, 'workout[0].timestamp: must be an ISO 8601 date-time'],
    ['a date-time more than a day ahead', { source: 'GARMIN', workout: [workout({ timestamp: '2026-11-21T12:00:01Z' })] }, 'workout[0].timestamp: lies more than a day in the future'],
    ['an impossible date', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '2026-02-30', distance: 0, steps: 0, calories: 0 }] }, 'daily_summary[0].date: must be a calendar date YYYY-MM-DD'],
    ['a month 13', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '2026-13-01', distance: 0, steps: 0, calories: 0 }] }, 'daily_summary[0].date: must be a calendar date YYYY-MM-DD'],
    ['a day 0', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '2026-03-00', distance: 0, steps: 0, calories: 0 }] }, 'daily_summary[0].date: must be a calendar date YYYY-MM-DD'],
    ['February 29 of a common year', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '2025-02-29', distance: 0, steps: 0, calories: 0 }] }, 'daily_summary[0].date: must be a calendar date YYYY-MM-DD'],
    // Date.UTC reads years 0-99 as 1900-1999: the year 50 must not pass as 1950 (a real date, out of range).
    ['the year 0050', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '0050-06-01', distance: 0, steps: 0, calories: 0 }] }, 'daily_summary[0].date: must lie between 1900-01-01 and 2099-12-31'],
    ['a date more than a day ahead', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '2026-11-22', distance: 0, steps: 0, calories: 0 }] }, 'daily_summary[0].date: lies more than a day in the future'],
    ['a negative duration', { source: 'GARMIN', workout: [workout({ duration: '-01:00:00' })] }, 'workout[0].duration: must be a duration hh:mm:ss'],
    ['an object that is not one', { source: 'GARMIN', workout: [workout({ heart_rate_summary: [] })] }, 'workout[0].heart_rate_summary: must be an object, not an array'],
    ['a field named like an Object method', { source: 'GARMIN', workout: [workout({ constructor: 1 })] }, 'workout[0].constructor: unknown field'],
    ['an unknown nested field', { source: 'GARMIN', workout: [workout({ heart_rate_summary: { median: 3 } })] }, 'workout[0].heart_rate_summary.median: unknown field'],
    ['an array that is not one', { source: 'GARMIN', workout: [workout({ heart_rate_samples: {} })] }, 'workout[0].heart_rate_samples: must be an array, not a object'],
    ['an array entry that is not an object', { source: 'GARMIN', workout: [workout({ heart_rate_samples: [1] })] }, 'workout[0].heart_rate_samples[0]: must be an object, not a number'],
    ['a bad nested sample', { source: 'GARMIN', workout: [workout({ heart_rate_samples: [{ timestamp: '2026-11-20T07:00:00Z', bpm: -1 }] })] }, 'workout[0].heart_rate_samples[0].bpm: must not be negative'],
    ['too many nested entries', { source: 'GARMIN', workout: [workout({ heart_rate_samples: Array.from({ length: 86_401 }, () => ({})) })] }, 'workout[0].heart_rate_samples: must have at most 86400 entries'],
    ['samples that are not an array', { source: 'GARMIN', ecg_recordings: [{ external_id: 'e', start_time: '2026-11-20T06:00:00Z', sampling_frequency: 1, samples: 'x' }] }, 'ecg_recordings[0].samples: must be an array, not a string'],
    ['too many samples', { source: 'GARMIN', ecg_recordings: [{ external_id: 'e', start_time: '2026-11-20T06:00:00Z', sampling_frequency: 1, samples: Array.from({ length: 200_001 }, () => [0, 0]) }] }, 'ecg_recordings[0].samples: must have at most 200000 entries'],
    ['a sample at a negative time', { source: 'GARMIN', ecg_recordings: [{ external_id: 'e', start_time: '2026-11-20T06:00:00Z', sampling_frequency: 1, samples: [[-1, 0]] }] }, 'ecg_recordings[0].samples[0]: must be a [time, value] pair'],
    ['a duration over 7 days', { source: 'GARMIN', workout: [workout({ duration: '168:00:00.000001' })] }, 'workout[0].duration: must be at most 168:00:00'],
    ['a duration of 99999999999 hours', { source: 'GARMIN', workout: [workout({ duration: '99999999999:00:00' })] }, 'workout[0].duration: must be at most 168:00:00'],
    ['a sleep duration over 7 days', { source: 'GARMIN', sleep_summary: [{ external_id: 's', start_time: '2026-11-19T22:00:00Z', end_time: '2026-11-20T06:00:00Z', rem_duration: '200:00:00' }] }, 'sleep_summary[0].rem_duration: must be at most 168:00:00'],
    ['a year-0001 date-time', { source: 'GARMIN', weight: [{ external_id: 'a', timestamp: '0001-01-01T00:00:00Z', weight: 70 }] }, 'weight[0].timestamp: must lie between 1900-01-01T00:00:00Z and 2100-01-01T00:00:00Z'],
    ['a date-time just before 1900', { source: 'GARMIN', workout: [workout({ timestamp: '1899-12-31T23:59:59Z' })] }, 'workout[0].timestamp: must lie between 1900-01-01T00:00:00Z'],
    ['a date before 1900', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '1899-12-31', distance: 0, steps: 0, calories: 0 }] }, 'daily_summary[0].date: must lie between 1900-01-01 and 2099-12-31'],
    ['a nested sample in year 0001', { source: 'GARMIN', workout: [workout({ heart_rate_samples: [{ timestamp: '0001-01-01T00:00:00Z', bpm: 60 }] })] }, 'workout[0].heart_rate_samples[0].timestamp: must lie between'],
    ['a distance over 5000 km', { source: 'GARMIN', workout: [workout({ distance: 5_000_000.5 })] }, 'workout[0].distance: must be at most 5000000'],
    ['steps over a million', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '2026-11-19', distance: 0, steps: 1_000_001, calories: 0 }] }, 'daily_summary[0].steps: must be at most 1000000'],
    ['calories over 100000', { source: 'GARMIN', daily_summary: [{ external_id: 'a', date: '2026-11-19', distance: 0, steps: 0, calories: 100_001 }] }, 'daily_summary[0].calories: must be at most 100000'],
    ['1e308 floors', { source: 'GARMIN', daily_detail: [{ external_id: 'a', timestamp: '2026-11-20T06:00:00Z', floors: 1e308 }] }, 'daily_detail[0].floors: must be at most 10000'],
    ['an altitude over 20 km', { source: 'GARMIN', track_sample: [{ external_id: 'a', timestamp: '2026-11-20T06:00:00Z', latitude: 0, longitude: 0, altitude: 20_001 }] }, 'track_sample[0].altitude: must be at most 20000'],
    ['a sample later than a day after the start', { source: 'GARMIN', ecg_recordings: [{ external_id: 'e', start_time: '2026-11-20T06:00:00Z', sampling_frequency: 1, samples: [[0, 0], [86_401, 0]] }] }, 'ecg_recordings[0].samples[1]: must be a [time, value] pair'],
    ['a sample value beyond 10 V', { source: 'GARMIN', ecg_recordings: [{ external_id: 'e', start_time: '2026-11-20T06:00:00Z', sampling_frequency: 1, samples: [[0, -10_000_001]] }] }, 'ecg_recordings[0].samples[0]: must be a [time, value] pair'],
    ['an end before the start', { source: 'GARMIN', sleep_detail: [{ external_id: 'a', start_time: '2026-11-20T02:00:00Z', end_time: '2026-11-20T01:00:00Z', stage: 'REM' }] }, 'sleep_detail[0].end_time: must not lie before start_time'],
    ['a biometric without values', { source: 'GARMIN', biometric: [{ external_id: 'a', timestamp: '2026-11-20T06:00:00Z' }] }, 'biometric[0].weight: a biometric record needs at least one of weight, height and bmi'],
    ['a secondary value of another type', { source: 'GARMIN', biometric_measurement: [{ external_id: 'a', timestamp: '2026-11-20T06:00:00Z', measurement_type: 'GLUCOSE', value: 5, secondary_value: 1 }] }, 'biometric_measurement[0].secondary_value: only BLOOD_PRESSURE has a secondary value'],
    ['a unit of a fixed-unit type', { source: 'GARMIN', biometric_measurement: [{ external_id: 'a', timestamp: '2026-11-20T06:00:00Z', measurement_type: 'GLUCOSE', value: 5, unit: 'mg/dL' }] }, 'biometric_measurement[0].unit: only OTHER takes a unit; GLUCOSE is always in mmol/L'],
  ])('refuses %s, naming the record and field', (_name, body, expected) => {
    expect(issuesOf(body).some((issue) => issue.startsWith(expected))).toBe(true);
  });

  it('accepts February 29 of a leap year and the last day of a month', () => {
    const upload = read({
      source: 'GARMIN',
      daily_summary: [{ external_id: 'a', date: '2024-02-29', distance: 0, steps: 1, calories: 0 }, { external_id: 'b', date: '2026-04-30', distance: 0, steps: 1, calories: 0 }],
    });
    expect(upload.records.map((r) => r.time)).toEqual([new Date('2024-02-29T00:00:00Z'), new Date('2026-04-30T00:00:00Z')]);
  });

  it('accepts the bounds themselves: 168 hours, 5000 km, a million steps, 1900-01-01 00:00 UTC', () => {
    const upload = read({
      source: 'GARMIN',
      workout: [workout({ duration: '168:00:00', distance: 5_000_000, timestamp: '1900-01-01T00:00:00Z' })],
      daily_summary: [{ external_id: 'd', date: '1900-01-01', distance: 5_000_000, steps: 1_000_000, calories: 100_000 }],
      ecg_recordings: [{ external_id: 'e', start_time: '2026-11-20T06:00:00Z', sampling_frequency: 1, samples: [[86_400, -10_000_000]] }],
    });
    expect(upload.records).toHaveLength(3);
    // 168 h after 1900-01-01T00:00Z is 1900-01-08T00:00Z.
    expect(upload.records.find((r) => r.type === 'workout')?.endTime).toEqual(new Date('1900-01-08T00:00:00Z'));
  });

  it('reports only the first bad pair of a recording', () => {
    const samples = Array.from({ length: 1000 }, () => [-1, 0]);
    expect(issuesOf({ source: 'GARMIN', ecg_recordings: [{ external_id: 'e', start_time: '2026-11-20T06:00:00Z', sampling_frequency: 1, samples }] })).toHaveLength(1);
  });

  it('gives every number field a finite maximum and every duration one of 7 days', () => {
    const numbers: string[] = [];
    const walk = (fields: Fields, at: string) => {
      for (const [key, spec] of Object.entries(fields)) {
        if (spec.kind === 'number') {
          numbers.push(`${at}.${key}`);
          expect([`${at}.${key}`, Number.isFinite(spec.max)]).toEqual([`${at}.${key}`, true]);
        }
        if (spec.kind === 'duration') expect(spec.maxSeconds).toBe(604_800);
        if (spec.kind === 'object') walk(spec.fields, `${at}.${key}`);
        if (spec.kind === 'array') walk(spec.items, `${at}.${key}[]`);
      }
    };
    for (const spec of DATA_TYPE_SPECS) walk(spec.fields, spec.type);
    expect(numbers).toContain('workout.distance');
    expect(numbers).toContain('workout.heart_rate_samples[].bpm');
  });

  it('reports every issue of the upload at once', () => {
    expect(issuesOf({ source: 'NONE', workout: [workout({ distance: -1, steps: -2 })] })).toHaveLength(3);
  });

  it(`refuses more than ${MAX_UPLOAD_RECORDS} records, all types together, before looking at them`, () => {
    const many = (n: number) => Array.from({ length: n }, () => ({}));
    expect(() => read({ source: 'GARMIN', weight: many(600), height: many(401) })).toThrow(
      expect.objectContaining({ code: HealthDataErrorCode.BatchTooLarge, message: expect.stringContaining('1001 records; at most 1000') }),
    );
    expect(issuesOf({ source: 'GARMIN', weight: many(1) })).toContain('weight[0].external_id: is required: a string of 1 to 255 characters');
  });
});

describe('durations', () => {
  it('parses hh:mm:ss with up to six decimals and formats back with six', () => {
    expect(parseDuration('100:00:01.25')).toBe(360_001.25);
    expect(parseDuration('00:30:00')).toBe(1800);
    expect(parseDuration('1:00:00')).toBeNull();
    expect(parseDuration('00:60:00')).toBeNull();
    expect(formatDuration(5_400.5)).toBe('01:30:00.500000');
    expect(formatDuration(0)).toBe('00:00:00.000000');
  });

  it.each(['', '00:00', '00:00:0', '00:00:00.', '00:00:00.1234567', '00:00:00:00', '00-00-00', 'aa:00:00', '00:5a:00', '-1:00:00', '00:00:00.12a', ' 00:00:00'])(
    'refuses %j',
    (value) => expect(parseDuration(value)).toBeNull(),
  );

  it('reads every text as the written grammar does, to the same double (property)', () => {
    // The grammar plainly, as the oracle: hours of two digits or more, minutes and seconds 00-59,
    // up to six decimals; each group's value as Number reads it.
    const oracle = (value: string): number | null => {
      const match = /^(\d{2,}):([0-5]\d):([0-5]\d)(\.\d{1,6})?$/.exec(value);
      return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) + Number(match[4] ?? 0) : null;
    };
    const near = fc.stringMatching(/^\d{1,4}:[0-6]\d:[0-6]\d(\.\d{0,7})?$/);
    const any = fc.string({ unit: fc.constantFrom('0', '5', '9', ':', '.', 'x'), maxLength: 16 });
    fc.assert(fc.property(fc.oneof(near, any), (value) => expect(parseDuration(value)).toBe(oracle(value))), { numRuns: 2000 });
  });
});
