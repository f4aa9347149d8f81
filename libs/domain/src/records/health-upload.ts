import { INGESTIBLE_SOURCES, IngestionIssue, MAX_EXTERNAL_ID_LENGTH } from './ingestion';
import { Source } from './activity-records';
import { DATA_TYPE_SPEC, DataTypeSpec, FieldSpec, Fields } from './health-data-schema';
import { HealthDataError } from './health-data-error';
import { calendarDateMs } from '../shared/calendar-date';
import { isSupportedTime, SUPPORTED_TIME_TEXT } from '../shared/supported-time-range';
import { formatDuration, HEALTH_DATA_TYPES, HealthDataType, HealthRecord, MEASUREMENT_UNITS, MeasurementType, parseDuration } from './health-record';

/** Records per upload, all types together; more is refused with 413 (docs/data-model.md). */
export const MAX_UPLOAD_RECORDS = 1000;
/** Dates up to a day ahead are accepted (time zones, clock skew); later ones are refused. */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000;

// The supported time range is shared by every module; exported here with the upload rules.
export { EARLIEST_SUPPORTED_TIME, END_OF_SUPPORTED_TIME, isSupportedTime, SUPPORTED_TIME_TEXT } from '../shared/supported-time-range';

export interface HealthUpload {
  readonly source: Source;
  readonly records: readonly HealthRecord[];
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

const ENTRIES = new WeakMap<Fields, [string, FieldSpec][]>();

/** A schema's fields as entries, listed once per schema (every record of an upload walks them). */
function entriesOf(fields: Fields): [string, FieldSpec][] {
  let entries = ENTRIES.get(fields);
  if (!entries) ENTRIES.set(fields, (entries = Object.entries(fields)));
  return entries;
}

/** Validates one upload as a whole and turns it into records; every problem is reported with its index path. */
class UploadReader {
  readonly issues: IngestionIssue[] = [];
  private readonly latest: number;

  constructor(now: Date) {
    this.latest = now.getTime() + FUTURE_TOLERANCE_MS;
  }

  fail(path: string, message: string): undefined {
    this.issues.push({ path, message });
    return undefined;
  }

  /** An issue of the field `key` of the object at `parent`. */
  private failAt(parent: string, key: string, message: string): undefined {
    return this.fail(`${parent}.${key}`, message);
  }

  /**
   * The normalised value of the field `key` of the object at `parent`, or undefined when it is
   * invalid (an issue is recorded). The field's path is written out only for an issue or a
   * container: an upload has up to 1,000 records of several fields each.
   */
  value(spec: FieldSpec, value: unknown, parent: string, key: string): unknown {
    // Optional fields may be sent as null (they are served as null when absent).
    if (value === null) return spec.nullable || !spec.required ? null : this.failAt(parent, key, 'must not be null');
    switch (spec.kind) {
      case 'number': {
        if (typeof value !== 'number' || !Number.isFinite(value)) return this.failAt(parent, key, `must be a number, not ${describe(value)}`);
        if (spec.integer && !Number.isInteger(value)) return this.failAt(parent, key, 'must be an integer');
        const min = spec.min ?? -Infinity;
        if (value < min || (spec.exclusiveMin && value === min)) {
          return this.failAt(parent, key, min === 0 ? (spec.exclusiveMin ? 'must be greater than 0' : 'must not be negative') : `must be at least ${min}`);
        }
        if (spec.max !== undefined && value > spec.max) return this.failAt(parent, key, `must be at most ${spec.max}`);
        return value;
      }
      case 'string': {
        if (typeof value !== 'string') return this.failAt(parent, key, `must be a string, not ${describe(value)}`);
        if (value.length > spec.maxLength) return this.failAt(parent, key, `must have at most ${spec.maxLength} characters`);
        if (spec.enum && !spec.enum.includes(value)) return this.failAt(parent, key, `must be one of ${spec.enum.join(', ')}`);
        if (spec.pattern && !spec.pattern.test(value)) return this.failAt(parent, key, `must be ${spec.patternText}`);
        return value;
      }
      case 'boolean':
        return typeof value === 'boolean' ? value : this.failAt(parent, key, `must be a boolean, not ${describe(value)}`);
      case 'datetime': {
        const date = typeof value === 'string' && DATE_TIME.test(value) ? new Date(value) : null;
        if (!date || Number.isNaN(date.getTime())) return this.failAt(parent, key, 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-20T07:00:00Z');
        if (date.getTime() > this.latest) return this.failAt(parent, key, 'lies more than a day in the future');
        if (!isSupportedTime(date)) return this.failAt(parent, key, `must lie ${SUPPORTED_TIME_TEXT}`);
        return date.toISOString();
      }
      case 'date': {
        const ms = typeof value === 'string' ? calendarDateMs(value) : null;
        if (ms === null) return this.failAt(parent, key, 'must be a calendar date YYYY-MM-DD');
        if (ms > this.latest) return this.failAt(parent, key, 'lies more than a day in the future');
        if (!isSupportedTime(new Date(ms))) return this.failAt(parent, key, 'must lie between 1900-01-01 and 2099-12-31');
        return value;
      }
      case 'duration': {
        const seconds = typeof value === 'string' ? parseDuration(value) : null;
        if (seconds === null) return this.failAt(parent, key, 'must be a duration hh:mm:ss or hh:mm:ss.ffffff (never negative)');
        if (seconds > spec.maxSeconds) return this.failAt(parent, key, `must be at most ${formatDuration(spec.maxSeconds).slice(0, -7)}`);
        return formatDuration(seconds);
      }
      case 'object':
        if (!isObject(value)) return this.failAt(parent, key, `must be an object, not ${describe(value)}`);
        return this.fields(spec.fields, value, `${parent}.${key}`);
      case 'array':
        if (!Array.isArray(value)) return this.failAt(parent, key, `must be an array, not ${describe(value)}`);
        if (value.length > spec.maxItems) return this.failAt(parent, key, `must have at most ${spec.maxItems} entries`);
        return value.map((item, i) =>
          isObject(item) ? this.fields(spec.items, item, `${parent}.${key}[${i}]`) : this.fail(`${parent}.${key}[${i}]`, `must be an object, not ${describe(item)}`),
        );
      case 'pairs':
        if (!Array.isArray(value)) return this.failAt(parent, key, `must be an array, not ${describe(value)}`);
        if (value.length > spec.maxItems) return this.failAt(parent, key, `must have at most ${spec.maxItems} entries`);
        // The first bad pair is reported: a recording of 200,000 bad pairs is one mistake.
        for (let i = 0; i < value.length; i++) {
          const pair: unknown = value[i];
          const ok =
            Array.isArray(pair) && pair.length === 2 && pair.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
            pair[0] >= 0 && pair[0] <= spec.maxTime && Math.abs(pair[1]) <= spec.maxAbsValue;
          if (!ok) {
            this.fail(`${parent}.${key}[${i}]`, `must be a [time, value] pair of numbers: time in seconds from the start (0 to ${spec.maxTime}), value from -${spec.maxAbsValue} to ${spec.maxAbsValue}`);
            break;
          }
        }
        return value;
    }
  }

  /**
   * Every declared field (absent optional ones as null); unknown and missing required fields
   * are issues. `skip` is a key read by the caller (external_id).
   */
  fields(fields: Fields, input: Record<string, unknown>, path: string, skip?: string): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(input)) {
      if (!Object.hasOwn(fields, key) && key !== skip) this.fail(`${path}.${key}`, `unknown field: ${key} is not accepted here`);
    }
    for (const [key, spec] of entriesOf(fields)) {
      const value = input[key];
      if (value === undefined) {
        if (spec.required) this.fail(`${path}.${key}`, 'is required');
        out[key] = null;
      } else {
        out[key] = this.value(spec, value, path, key);
      }
    }
    return out;
  }

  record(spec: DataTypeSpec, source: Source, input: unknown, path: string, seen: Set<string>): HealthRecord | undefined {
    if (!isObject(input)) return this.fail(path, `must be an object, not ${describe(input)}`);
    const externalId = input.external_id;
    if (typeof externalId !== 'string' || externalId.length === 0 || externalId.length > MAX_EXTERNAL_ID_LENGTH) {
      this.fail(`${path}.external_id`, `is required: a string of 1 to ${MAX_EXTERNAL_ID_LENGTH} characters`);
    } else if (seen.has(externalId)) {
      this.fail(`${path}.external_id`, 'is repeated in this upload (an external id identifies one record)');
    } else {
      seen.add(externalId);
    }
    const before = this.issues.length;
    const data = this.fields(spec.fields, input, path, 'external_id');
    if (this.issues.length > before || typeof externalId !== 'string') return undefined;
    const placed = this.place(spec, data, path);
    if (!placed || !this.typeRules(spec, data, path)) return undefined;
    return { type: spec.type, source, externalId, time: placed.time, endTime: placed.endTime, subtype: placed.subtype, data };
  }

  private place(spec: DataTypeSpec, data: Record<string, unknown>, path: string) {
    const t = spec.time;
    const subtype = spec.type === 'biometric_measurement' ? String(data.measurement_type) : '';
    switch (t.kind) {
      case 'instant':
        return { time: new Date(String(data[t.at])), endTime: null, subtype };
      case 'date':
        return { time: new Date(calendarDateMs(String(data[t.date])) as number), endTime: null, subtype };
      case 'duration': {
        const time = new Date(String(data[t.start]));
        return { time, endTime: new Date(time.getTime() + (parseDuration(String(data[t.duration])) as number) * 1000), subtype };
      }
      case 'interval': {
        const time = new Date(String(data[t.start]));
        const endTime = new Date(String(data[t.end]));
        if (endTime.getTime() < time.getTime()) return this.fail(`${path}.${t.end}`, `must not lie before ${t.start}`);
        return { time, endTime, subtype };
      }
    }
  }

  private typeRules(spec: DataTypeSpec, data: Record<string, unknown>, path: string): boolean {
    const before = this.issues.length;
    if (spec.type === 'biometric' && data.weight === null && data.height === null && data.bmi === null) {
      this.fail(`${path}.weight`, 'a biometric record needs at least one of weight, height and bmi');
    }
    if (spec.type === 'biometric_measurement') {
      const type = data.measurement_type as MeasurementType;
      if (data.secondary_value !== null && type !== 'BLOOD_PRESSURE') {
        this.fail(`${path}.secondary_value`, 'only BLOOD_PRESSURE has a secondary value (the diastolic pressure)');
      }
      for (const field of ['unit', 'label'] as const) {
        if (data[field] !== null && type !== 'OTHER') this.fail(`${path}.${field}`, `only OTHER takes a ${field}; ${type} is always in ${MEASUREMENT_UNITS[type]}`);
      }
      if (type !== 'OTHER') data.unit = MEASUREMENT_UNITS[type];
    }
    return this.issues.length === before;
  }
}

/**
 * Reads an upload (the body of POST profile/{id}/data/): `source` and one array per data type.
 * All-or-nothing: any problem throws HealthDataError with every issue and its index path
 * (e.g. `workout[3].distance`); over MAX_UPLOAD_RECORDS records throws BatchTooLarge.
 */
export function readHealthUpload(body: unknown, now: Date): HealthUpload {
  if (!isObject(body)) throw HealthDataError.invalid([{ path: '', message: 'The upload must be a JSON object.' }]);
  const reader = new UploadReader(now);
  const types = HEALTH_DATA_TYPES as readonly string[];
  let count = 0;
  for (const [key, value] of Object.entries(body)) {
    if (key === 'source') continue;
    if (!types.includes(key)) reader.fail(key, `unknown field: ${key} is not a data type (${HEALTH_DATA_TYPES.join(', ')})`);
    else if (!Array.isArray(value)) reader.fail(key, `must be an array of ${DATA_TYPE_SPEC[key as HealthDataType].record} records, not ${describe(value)}`);
    else count += value.length;
  }
  if (count > MAX_UPLOAD_RECORDS) throw HealthDataError.tooLarge(count, MAX_UPLOAD_RECORDS);
  const source = body.source;
  if (typeof source !== 'string' || !(INGESTIBLE_SOURCES as readonly string[]).includes(source)) {
    reader.fail('source', `is required: one of ${INGESTIBLE_SOURCES.join(', ')}`);
  }
  const records: HealthRecord[] = [];
  for (const type of HEALTH_DATA_TYPES) {
    const list = body[type];
    if (!Array.isArray(list)) continue;
    const seen = new Set<string>();
    list.forEach((input, i) => {
      const record = reader.record(DATA_TYPE_SPEC[type], source as Source, input, `${type}[${i}]`, seen);
      if (record) records.push(record);
    });
  }
  if (reader.issues.length > 0) throw HealthDataError.invalid(reader.issues);
  return { source: source as Source, records };
}
