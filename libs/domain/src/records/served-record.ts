import { PointsDefinition } from '../points/points-definition';
import { recordPoints } from './health-activity';
import { DATA_TYPE_SPEC } from './health-data-schema';
import { HealthRecord } from './health-record';

export interface ServedRecordOptions {
  /** /api/v1 leaves out the heart-rate fields that arrived with v1.1. */
  readonly version: 'v1' | 'v1.1';
  /** Adds the type's detail fields (heart_rate_samples, samples). */
  readonly detail: boolean;
  readonly definition: PointsDefinition;
}

/**
 * A stored record as the data endpoints serve it and the V1 data pushes carry it (one
 * serialization for both): its fields in the documented order, then source and external_id
 * (and points for daily summaries and workouts).
 */
export function servedRecord(record: HealthRecord, options: ServedRecordOptions): Record<string, unknown> {
  const spec = DATA_TYPE_SPEC[record.type];
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(spec.fields)) {
    if (spec.detailFields?.includes(key) && !options.detail) continue;
    if (spec.v11Fields?.includes(key) && options.version === 'v1') continue;
    out[key] = record.data[key] ?? null;
  }
  out.source = record.source;
  out.external_id = record.externalId;
  if (spec.points) out.points = recordPoints(options.definition, record);
  if (record.type === 'ecg_recordings') out.sample_count = Array.isArray(record.data.samples) ? record.data.samples.length : 0;
  return out;
}
