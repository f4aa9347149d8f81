import { ACTIVITY_TYPES } from './activity-records';
import { HealthDataType, MEASUREMENT_TYPES } from './health-record';

/**
 * The field definitions of every uploadable data type: one table that drives validation,
 * the OpenAPI schemas and docs/data-model.md, so the three never disagree.
 */
export type FieldSpec =
  | NumberField
  | { readonly kind: 'string'; readonly maxLength: number; readonly enum?: readonly string[]; readonly pattern?: RegExp; readonly patternText?: string; readonly nullable?: boolean; readonly required?: boolean; readonly description: string; readonly example: unknown }
  | { readonly kind: 'boolean'; readonly nullable?: boolean; readonly required?: boolean; readonly description: string; readonly example: unknown }
  | { readonly kind: 'datetime' | 'date'; readonly required?: boolean; readonly nullable?: boolean; readonly description: string; readonly example: unknown }
  | DurationField
  | { readonly kind: 'object'; readonly fields: Fields; readonly nullable?: boolean; readonly required?: boolean; readonly description: string; readonly example: unknown }
  | { readonly kind: 'array'; readonly items: Fields; readonly maxItems: number; readonly nullable?: boolean; readonly required?: boolean; readonly description: string; readonly example: unknown }
  | PairsField;

/**
 * Every number has a maximum: values are summed into double precision columns (challenge
 * totals, points), and with these bounds no sum of stored records can leave the exact range
 * of a double (docs/decisions.md "Limits").
 */
export interface NumberField {
  readonly kind: 'number';
  readonly integer?: boolean;
  readonly min?: number;
  readonly max: number;
  /** The lower bound itself is refused (a weight of 0 kg is not a weight). */
  readonly exclusiveMin?: boolean;
  readonly unit?: string;
  readonly nullable?: boolean;
  readonly required?: boolean;
  readonly description: string;
  readonly example: unknown;
}

/** hh:mm:ss.ffffff, at most `maxSeconds`. */
export interface DurationField {
  readonly kind: 'duration';
  readonly maxSeconds: number;
  readonly required?: boolean;
  readonly nullable?: boolean;
  readonly description: string;
  readonly example: unknown;
}

/** [time, value] tuples: time in seconds from the start (0 to maxTime), value within ±maxAbsValue. */
export interface PairsField {
  readonly kind: 'pairs';
  readonly maxItems: number;
  readonly maxTime: number;
  readonly maxAbsValue: number;
  readonly nullable?: boolean;
  readonly required?: boolean;
  readonly description: string;
  readonly example: unknown;
}

export type Fields = Readonly<Record<string, FieldSpec>>;

/** Upper bounds of the uploaded quantities (docs/decisions.md "Limits"). */
export const MAX_DISTANCE_M = 5_000_000;
export const MAX_STEPS = 1_000_000;
export const MAX_CALORIES_KCAL = 100_000;
export const MAX_FLOORS = 10_000;
/** The longest duration of any kind (a workout, a sleep, a day's active time): 7 days. */
export const MAX_DURATION_SECONDS = 7 * 24 * 3600;

/** How a record is placed in time: a start (and end), an instant, or a calendar date. */
export type TimeSpec =
  | { readonly kind: 'interval'; readonly start: string; readonly end: string }
  | { readonly kind: 'instant'; readonly at: string }
  | { readonly kind: 'date'; readonly date: string }
  | { readonly kind: 'duration'; readonly start: string; readonly duration: string };

export interface DataTypeSpec {
  readonly type: HealthDataType;
  /** Name of the record in interface.md and the OpenAPI schemas. */
  readonly record: string;
  readonly description: string;
  readonly time: TimeSpec;
  readonly fields: Fields;
  /** Fields left out of list answers unless asked for (heart_rate_detail, ecg_recordings/data/). */
  readonly detailFields?: readonly string[];
  /** Fields served only from /api/v1.1 on (interface.md "Versioning"). */
  readonly v11Fields?: readonly string[];
  /** Whether the served record carries `points` computed from the app's points definition. */
  readonly points?: boolean;
}

const num = (description: string, example: unknown, extra: Partial<NumberField> & { max: number }): NumberField => ({
  kind: 'number', min: 0, description, example, ...extra,
});
const bpm = (description: string, example: number) => num(`${description} (beats per minute).`, example, { max: 300, unit: 'bpm' });
const dt = (description: string, example: string) => ({ kind: 'datetime' as const, required: true, description, example });
const dur = (description: string, example: string): DurationField => ({
  kind: 'duration', maxSeconds: MAX_DURATION_SECONDS, description: `${description} (hh:mm:ss.ffffff, at most 168:00:00).`, example,
});
const distance = (description: string, example: number, extra: Partial<NumberField> = {}) =>
  num(description, example, { unit: 'm', max: MAX_DISTANCE_M, ...extra });
const steps = (example: number, extra: Partial<NumberField> = {}) => num('Steps.', example, { integer: true, max: MAX_STEPS, ...extra });
const calories = (example: number, extra: Partial<NumberField> = {}) => num('Energy spent in kcal.', example, { unit: 'kcal', max: MAX_CALORIES_KCAL, ...extra });
const floors = (example: number) => num('Floors climbed.', example, { integer: true, max: MAX_FLOORS, nullable: true });
const hrSummaryFields: Fields = {
  average: bpm('Average heart rate', 128),
  min: bpm('Lowest heart rate', 92),
  max: bpm('Highest heart rate', 171),
};
const heartRateSamples = {
  kind: 'array' as const,
  maxItems: 86_400,
  nullable: true,
  description: 'Heart rate over time, one entry per sample.',
  example: [{ timestamp: '2026-11-20T07:00:05Z', bpm: 96 }],
  items: { timestamp: dt('When the sample was taken.', '2026-11-20T07:00:05Z'), bpm: { ...bpm('Heart rate', 96), required: true } },
};
export const ACTIVITY_TYPE_PATTERN = /^[A-Z][A-Z0-9_]{0,49}$/;
const activityType = (description: string) => ({
  kind: 'string' as const, maxLength: 50, pattern: ACTIVITY_TYPE_PATTERN, patternText: `an upper-case word such as ${ACTIVITY_TYPES.slice(0, 3).join(', ')}`,
  required: true, description, example: 'RUNNING',
});
const SLEEP_STAGES = ['AWAKE', 'LIGHT', 'DEEP', 'REM', 'UNKNOWN'] as const;

export const DATA_TYPE_SPECS: readonly DataTypeSpec[] = [
  {
    type: 'activity_segment', record: 'Activity',
    description: 'A segment of activity that is not a workout (a walk to the bus, climbing stairs).',
    time: { kind: 'interval', start: 'start_time', end: 'end_time' },
    fields: {
      start_time: dt('Start of the segment.', '2026-11-20T08:10:00Z'),
      end_time: dt('End of the segment.', '2026-11-20T08:25:00Z'),
      activity_type: activityType('What the profile did.'),
      intensity: { kind: 'string', maxLength: 20, enum: ['SEDENTARY', 'LIGHT', 'MODERATE', 'VIGOROUS'], nullable: true, description: 'Intensity of the segment.', example: 'LIGHT' },
      distance: distance('Distance in metres.', 1200, { nullable: true }),
      steps: steps(1500, { nullable: true }),
      calories: calories(64, { nullable: true }),
    },
  },
  {
    type: 'biometric', record: 'BioMetric', description: 'A change of body weight, height or BMI (at least one of them).',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When it was measured.', '2026-11-20T06:30:00Z'),
      weight: num('Body weight in kg.', 72.4, { unit: 'kg', max: 700, exclusiveMin: true, nullable: true }),
      height: num('Height in metres.', 1.78, { unit: 'm', max: 3, exclusiveMin: true, nullable: true }),
      bmi: num('Body mass index in kg/m².', 22.9, { unit: 'kg/m²', max: 200, exclusiveMin: true, nullable: true }),
    },
  },
  {
    type: 'biometric_measurement', record: 'BiometricMeasurement',
    description: 'One measurement of one of the 23 measurement types, in the unit of its type.',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When it was measured.', '2026-11-20T06:30:00Z'),
      measurement_type: { kind: 'string', maxLength: 30, enum: MEASUREMENT_TYPES, required: true, description: 'What was measured.', example: 'BLOOD_PRESSURE' },
      value: { kind: 'number', required: true, min: -1_000_000, max: 1_000_000, description: 'The value in the unit of the type (systolic pressure for BLOOD_PRESSURE).', example: 121 },
      secondary_value: { kind: 'number', nullable: true, min: -1_000_000, max: 1_000_000, description: 'Diastolic pressure for BLOOD_PRESSURE; only that type has one.', example: 79 },
      unit: { kind: 'string', maxLength: 20, description: 'Only with OTHER (the unit of the value); every other type is in its fixed unit, served here.', example: 'mmHg' },
      label: { kind: 'string', maxLength: 100, description: 'Only with OTHER: what was measured.', example: 'Ketones' },
    },
  },
  {
    type: 'bmi', record: 'BMI', description: 'A body mass index value.',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When it was measured or computed.', '2026-11-20T06:30:00Z'),
      bmi: { ...num('Body mass index in kg/m².', 22.9, { unit: 'kg/m²', max: 200, exclusiveMin: true }), required: true },
    },
  },
  {
    type: 'daily_detail', record: 'DailyDetail', description: 'Intraday activity at a single point in time (totals since the previous detail).',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('The point in time.', '2026-11-20T09:15:00Z'),
      steps: steps(320, { nullable: true }),
      distance: distance('Distance in metres.', 250, { nullable: true }),
      calories: calories(14.5, { nullable: true }),
      floors: floors(1),
      heart_rate: { ...bpm('Heart rate', 88), nullable: true },
    },
  },
  {
    type: 'daily_summary', record: 'DailySummary', description: "One day of a profile's activity from one source.",
    time: { kind: 'date', date: 'date' },
    points: true,
    v11Fields: ['heart_rate_summary'],
    fields: {
      date: { kind: 'date', required: true, description: "The profile's local calendar date (YYYY-MM-DD).", example: '2026-11-20' },
      distance: { ...distance('Distance in metres.', 8420), required: true },
      steps: { ...steps(11230), required: true },
      calories: { ...calories(2310), required: true },
      active_duration: dur('Time spent active', '01:12:00.000000'),
      floors: floors(9),
      heart_rate_summary: {
        kind: 'object', nullable: true, description: 'Heart rate of the day (served from /api/v1.1 on).',
        example: { resting: 54, average: 71, min: 48, max: 171 },
        fields: { resting: bpm('Resting heart rate', 54), ...hrSummaryFields },
      },
      stress_summary: {
        kind: 'object', nullable: true, description: 'Stress of the day, 0 (none) to 100.',
        example: { average: 31, max: 88 },
        fields: { average: num('Average stress level.', 31, { max: 100 }), max: num('Highest stress level.', 88, { max: 100 }) },
      },
    },
  },
  {
    type: 'detail_sample', record: 'DetailSample', description: 'A second-by-second sample of a workout (speed, power, cadence).',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When the sample was taken.', '2026-11-20T07:00:05Z'),
      workout_external_id: { kind: 'string', maxLength: 255, nullable: true, description: 'external_id of the workout the sample belongs to.', example: 'garmin-activity-991' },
      heart_rate: { ...bpm('Heart rate', 131), nullable: true },
      speed: num('Speed in m/s.', 3.2, { unit: 'm/s', max: 500, nullable: true }),
      cadence: num('Cadence in revolutions or steps per minute.', 172, { unit: 'rpm', max: 1000, nullable: true }),
      power: num('Power in watts.', 245, { unit: 'W', max: 10_000, nullable: true }),
      altitude: num('Altitude in metres above sea level.', 512, { unit: 'm', min: -500, max: 20_000, nullable: true }),
      distance: distance('Distance since the start of the workout in metres.', 16, { nullable: true }),
    },
  },
  {
    type: 'ecg_recordings', record: 'ECGRecordings', description: 'An electrocardiogram recording; its samples are served by ecg_recordings/data/.',
    time: { kind: 'instant', at: 'start_time' },
    detailFields: ['samples'],
    fields: {
      start_time: dt('Start of the recording.', '2026-11-20T12:00:00Z'),
      sampling_frequency: { ...num('Samples per second (Hz).', 512, { unit: 'Hz', max: 10_000, exclusiveMin: true }), required: true },
      classification: { kind: 'string', maxLength: 30, enum: ['SINUS_RHYTHM', 'ATRIAL_FIBRILLATION', 'HIGH_HEART_RATE', 'LOW_HEART_RATE', 'INCONCLUSIVE', 'OTHER'], nullable: true, description: "The device's classification.", example: 'SINUS_RHYTHM' },
      average_heart_rate: { ...bpm('Average heart rate', 66), nullable: true },
      lead: { kind: 'string', maxLength: 10, nullable: true, description: 'The lead recorded, e.g. I.', example: 'I' },
      samples: {
        kind: 'pairs', maxItems: 200_000, maxTime: 86_400, maxAbsValue: 10_000_000, required: true,
        description: '(time, value) tuples: seconds since start_time (0 to 86400) and microvolts (-10000000 to 10000000).',
        example: [[0, 12.5], [0.001953, 14.1]],
      },
    },
  },
  {
    type: 'heartrate_sample', record: 'HeartRateSample', description: 'Heart rate over a window: its statistics and, on request, every sample.',
    time: { kind: 'interval', start: 'start_time', end: 'end_time' },
    detailFields: ['heart_rate_samples'],
    fields: {
      start_time: dt('Start of the window.', '2026-11-20T07:00:00Z'),
      end_time: dt('End of the window.', '2026-11-20T07:15:00Z'),
      ...hrSummaryFields,
      heart_rate_samples: heartRateSamples,
    },
  },
  {
    type: 'heartrate_summary', record: 'HeartRateSummary', description: 'Heart rate statistics of one day.',
    time: { kind: 'date', date: 'date' },
    fields: {
      date: { kind: 'date', required: true, description: 'Local calendar date (YYYY-MM-DD).', example: '2026-11-20' },
      resting: { ...bpm('Resting heart rate', 54), nullable: true },
      ...hrSummaryFields,
      hrv_rmssd: num('Heart rate variability, RMSSD in ms.', 48, { unit: 'ms', max: 1000, nullable: true }),
    },
  },
  {
    type: 'height', record: 'Height', description: 'A height measurement.',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When it was measured.', '2026-11-20T06:30:00Z'),
      height: { ...num('Height in metres.', 1.78, { unit: 'm', max: 3, exclusiveMin: true }), required: true },
    },
  },
  {
    type: 'sleep_detail', record: 'SleepDetail', description: 'A stretch of one sleep stage.',
    time: { kind: 'interval', start: 'start_time', end: 'end_time' },
    fields: {
      start_time: dt('Start of the stage.', '2026-11-19T23:40:00Z'),
      end_time: dt('End of the stage.', '2026-11-20T00:10:00Z'),
      stage: { kind: 'string', maxLength: 10, enum: SLEEP_STAGES, required: true, description: 'The sleep stage.', example: 'DEEP' },
    },
  },
  {
    type: 'sleep_sample', record: 'SleepSample', description: 'A sample taken during sleep: hrv, movement, heart rate and stage.',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When the sample was taken.', '2026-11-20T01:00:00Z'),
      hrv: num('Heart rate variability (RMSSD) in ms.', 52, { unit: 'ms', max: 1000, nullable: true }),
      movement: num('Movement intensity, 0 (still) upwards.', 0.2, { max: 1000, nullable: true }),
      heart_rate: { ...bpm('Heart rate', 51), nullable: true },
      sleep_stage: { kind: 'string', maxLength: 10, enum: SLEEP_STAGES, nullable: true, description: 'Sleep stage at that time.', example: 'LIGHT' },
    },
  },
  {
    type: 'sleep_summary', record: 'SleepSummary', description: 'One sleep period. With detail=true and exactly one result, `detail` lists its stages (sleep_detail records of the same source).',
    time: { kind: 'interval', start: 'start_time', end: 'end_time' },
    fields: {
      start_time: dt('Going to bed.', '2026-11-19T23:05:00Z'),
      end_time: dt('Getting up.', '2026-11-20T06:50:00Z'),
      total_sleep_duration: dur('Time asleep', '07:02:00.000000'),
      awake_duration: dur('Time awake in bed', '00:43:00.000000'),
      light_duration: dur('Time in light sleep', '03:40:00.000000'),
      deep_duration: dur('Time in deep sleep', '01:42:00.000000'),
      rem_duration: dur('Time in REM sleep', '01:40:00.000000'),
      sleep_score: num('Sleep score, 0 to 100.', 82, { max: 100, nullable: true }),
      efficiency: num('Time asleep / time in bed, in %.', 91, { unit: '%', max: 100, nullable: true }),
      average_heart_rate: { ...bpm('Average heart rate', 55), nullable: true },
      lowest_heart_rate: { ...bpm('Lowest heart rate', 47), nullable: true },
      average_hrv: num('Average heart rate variability (RMSSD) in ms.', 50, { unit: 'ms', max: 1000, nullable: true }),
      respiratory_rate: num('Breaths per minute.', 14.5, { unit: 'breaths/min', max: 100, nullable: true }),
    },
  },
  {
    type: 'stress_samples', record: 'StressSample', description: 'A stress level at a point in time.',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When it was measured.', '2026-11-20T10:00:00Z'),
      stress_level: { ...num('Stress level, 0 (none) to 100.', 34, { max: 100 }), required: true },
    },
  },
  {
    type: 'stress_summary', record: 'StressSummary', description: 'Stress statistics of one day.',
    time: { kind: 'date', date: 'date' },
    fields: {
      date: { kind: 'date', required: true, description: 'Local calendar date (YYYY-MM-DD).', example: '2026-11-20' },
      average_stress: num('Average stress level, 0 to 100.', 31, { max: 100, nullable: true }),
      max_stress: num('Highest stress level, 0 to 100.', 88, { max: 100, nullable: true }),
      rest_duration: dur('Time at rest', '09:10:00.000000'),
      low_duration: dur('Time with low stress', '04:00:00.000000'),
      medium_duration: dur('Time with medium stress', '01:20:00.000000'),
      high_duration: dur('Time with high stress', '00:25:00.000000'),
    },
  },
  {
    type: 'track_sample', record: 'TrackSample', description: 'A GPS position (GPX track point).',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When the position was taken.', '2026-11-20T07:00:05Z'),
      latitude: { kind: 'number', min: -90, max: 90, required: true, unit: '°', description: 'Latitude in degrees (WGS 84).', example: 52.370216 },
      longitude: { kind: 'number', min: -180, max: 180, required: true, unit: '°', description: 'Longitude in degrees (WGS 84).', example: 4.895168 },
      altitude: num('Altitude in metres above sea level.', 3.5, { unit: 'm', min: -500, max: 20_000, nullable: true }),
      speed: num('Speed in m/s.', 3.1, { unit: 'm/s', max: 500, nullable: true }),
      horizontal_accuracy: num('Accuracy of the position in metres.', 4, { unit: 'm', max: 100_000, nullable: true }),
      workout_external_id: { kind: 'string', maxLength: 255, nullable: true, description: 'external_id of the workout the position belongs to.', example: 'garmin-activity-991' },
    },
  },
  {
    type: 'weight', record: 'Weight', description: 'A body weight measurement.',
    time: { kind: 'instant', at: 'timestamp' },
    fields: {
      timestamp: dt('When it was measured.', '2026-11-20T06:30:00Z'),
      weight: { ...num('Body weight in kg.', 72.4, { unit: 'kg', max: 700, exclusiveMin: true }), required: true },
    },
  },
  {
    type: 'workout', record: 'Workout', description: 'A recorded exercise session (formerly called activity).',
    time: { kind: 'duration', start: 'timestamp', duration: 'duration' },
    points: true,
    detailFields: ['heart_rate_samples'],
    v11Fields: ['heart_rate_summary'],
    fields: {
      timestamp: dt('Start of the workout.', '2026-11-20T07:00:00Z'),
      duration: { ...dur('Duration', '00:45:12.000000'), required: true },
      type: activityType('Activity type (GET /api/v1/activity_types/ lists the known ones).'),
      is_manual: { kind: 'boolean', nullable: true, description: 'Typed in by hand rather than recorded by a device.', example: false },
      name: { kind: 'string', maxLength: 200, nullable: true, description: 'Title given by the source or the user.', example: 'Morning run' },
      distance: { ...distance('Distance in metres.', 8040), required: true },
      steps: steps(7600, { nullable: true }),
      calories: calories(512, { nullable: true }),
      elevation_gain: num('Total ascent in metres.', 64, { unit: 'm', max: 100_000, nullable: true }),
      heart_rate_summary: {
        kind: 'object', nullable: true, description: 'Heart rate during the workout (served from /api/v1.1 on).',
        example: { average: 148, min: 96, max: 176 }, fields: hrSummaryFields,
      },
      heart_rate_samples: { ...heartRateSamples, description: 'Heart rate during the workout (served with heart_rate_detail=true and page_size=1).' },
    },
  },
];

export const DATA_TYPE_SPEC: Readonly<Record<HealthDataType, DataTypeSpec>> = Object.fromEntries(
  DATA_TYPE_SPECS.map((spec) => [spec.type, spec]),
) as Record<HealthDataType, DataTypeSpec>;
