import { DATA_TYPE_SPEC, HealthRecord, PointsDefinition, PointsEvent, recordPoints } from '@strive/domain';
import { ApiVersion } from '../shared/api-url';

export interface PresentOptions {
  readonly version: ApiVersion;
  /** Adds the type's detail fields (heart_rate_samples, samples). */
  readonly detail: boolean;
  readonly definition: PointsDefinition;
}

/**
 * A stored record as served: its fields in the documented order, then source and
 * external_id (and points for daily summaries and workouts). /api/v1 leaves out the
 * heart-rate fields that arrived with v1.1; detail fields only when asked for.
 */
export function presentRecord(record: HealthRecord, options: PresentOptions): Record<string, unknown> {
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

/** An event as served (Event of interface.md). */
export function presentEvent(event: PointsEvent) {
  return {
    public_id: event.id,
    name: event.name,
    points: event.points,
    timestamp: event.timestamp.toISOString(),
    activity_type: event.activityType,
    reference: event.reference,
  };
}
