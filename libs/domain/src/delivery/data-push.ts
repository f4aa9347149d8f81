import { recordPoints } from '../records/health-activity';
import { servedRecord } from '../records/served-record';
import { HealthDataType, HealthRecord, formatDuration, parseDuration } from '../records/health-record';
import { PointsDefinition } from '../points/points-definition';
import { DataPushType } from './push-endpoint';

/**
 * The push data types a stored record is pushed as. A workout is pushed twice over: as the
 * workout push record (`activity`, interface.md "Workout push record") and as the vendor workout
 * record (`workout`). Types with no push (track samples, ECG, sleep details, ...) map to none.
 */
export const PUSH_TYPES_OF_RECORD: Readonly<Record<HealthDataType, readonly DataPushType[]>> = {
  workout: ['activity', 'workout'],
  biometric: ['biometric'],
  biometric_measurement: ['biometric'],
  daily_summary: ['daily_summary'],
  heartrate_sample: ['heart_rate'],
  heartrate_summary: ['heart_rate'],
  sleep_summary: ['sleep_summary'],
  stress_samples: ['stress_sample'],
  stress_summary: ['stress_summary'],
  activity_segment: [],
  bmi: [],
  daily_detail: [],
  detail_sample: [],
  ecg_recordings: [],
  height: [],
  sleep_detail: [],
  sleep_sample: [],
  track_sample: [],
  weight: [],
};

/** A data push waiting in the outbox: what it is about and its body. */
export interface DataPush {
  readonly appId: string;
  readonly dataType: DataPushType;
  readonly body: { readonly profile: string; readonly data: Readonly<Record<string, unknown>> };
}

/**
 * The data pushes of the records one write stored, for the push types the app has an active
 * endpoint of (`subscribed`): body `{profile, data}` with `data` in the V1 serialization.
 */
export function dataPushesOf(
  appId: string,
  profileId: string,
  records: readonly HealthRecord[],
  subscribed: ReadonlySet<DataPushType>,
  definition: PointsDefinition,
): DataPush[] {
  return records.flatMap((record) =>
    PUSH_TYPES_OF_RECORD[record.type]
      .filter((type) => subscribed.has(type))
      .map((dataType) => ({ appId, dataType, body: { profile: profileId, data: pushRecordData(dataType, record, definition) } })),
  );
}

/** The `data` of a push: the workout push record for `activity`, else the record as the V1 data endpoints serve it (no detail samples). */
export function pushRecordData(type: DataPushType, record: HealthRecord, definition: PointsDefinition): Record<string, unknown> {
  if (type === 'activity') return workoutPushRecord(record, definition);
  return servedRecord(record, { version: 'v1', detail: false, definition });
}

/** interface.md "Workout push record": timestamp, duration (hh:mm:ss.ffffff), source, is_manual, type, distance, steps, calories, points. */
export function workoutPushRecord(record: HealthRecord, definition: PointsDefinition): Record<string, unknown> {
  const d = record.data;
  const seconds = typeof d.duration === 'string' ? (parseDuration(d.duration) ?? 0) : 0;
  return {
    timestamp: record.time.toISOString(),
    duration: formatDuration(seconds),
    source: record.source,
    is_manual: typeof d.is_manual === 'boolean' ? d.is_manual : null,
    type: String(d.type),
    distance: typeof d.distance === 'number' ? d.distance : 0,
    steps: typeof d.steps === 'number' ? d.steps : null,
    calories: typeof d.calories === 'number' ? d.calories : null,
    points: recordPoints(definition, record) ?? 0,
  };
}
