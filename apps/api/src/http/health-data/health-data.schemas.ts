import { Type } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';

// Built programmatically: the union type of ApiPropertyOptions is too narrow for spread objects.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ApiPropertyOptions = any;
import { DATA_TYPE_SPECS, DataTypeSpec, FieldSpec, Fields, HealthDataType, INGESTIBLE_SOURCES, SOURCES } from '@strive/domain';

/**
 * OpenAPI schema classes built from the domain's field table (DATA_TYPE_SPECS), so the
 * published schemas, the validation and docs/data-model.md come from one definition:
 * `<Record>Upload` (what POST data/ takes) and `<Record>` (what the pull endpoint serves).
 */
function schemaClass(name: string, properties: Record<string, ApiPropertyOptions>): Type<unknown> {
  const Schema = class {};
  Object.defineProperty(Schema, 'name', { value: name });
  for (const [key, options] of Object.entries(properties)) ApiProperty(options)(Schema.prototype, key);
  return Schema;
}

const nested = new Map<string, Type<unknown>>();

function property(spec: FieldSpec, owner: string, key: string, forUpload: boolean): ApiPropertyOptions {
  const common = {
    description: spec.description,
    example: spec.example,
    required: forUpload ? Boolean(spec.required) : true,
    ...(spec.nullable || !spec.required ? { nullable: true } : {}),
  };
  switch (spec.kind) {
    case 'number':
      return {
        ...common, type: spec.integer ? 'integer' : 'number',
        ...(spec.min !== undefined ? { minimum: spec.min, ...(spec.exclusiveMin ? { exclusiveMinimum: true } : {}) } : {}),
        ...(spec.max !== undefined ? { maximum: spec.max } : {}),
      } as ApiPropertyOptions;
    case 'string':
      return { ...common, type: 'string', maxLength: spec.maxLength, ...(spec.enum ? { enum: [...spec.enum] } : {}), ...(spec.pattern ? { pattern: spec.pattern.source } : {}) } as ApiPropertyOptions;
    case 'boolean':
      return { ...common, type: 'boolean' } as ApiPropertyOptions;
    case 'datetime':
      return { ...common, type: 'string', format: 'date-time' } as ApiPropertyOptions;
    case 'date':
      return { ...common, type: 'string', format: 'date' } as ApiPropertyOptions;
    case 'duration':
      return { ...common, type: 'string', pattern: '^\\d{2,}:[0-5]\\d:[0-5]\\d(\\.\\d{1,6})?$' } as ApiPropertyOptions;
    case 'object':
      return { ...common, type: nestedClass(owner, key, spec.fields, forUpload) } as ApiPropertyOptions;
    case 'array':
      return { ...common, type: [nestedClass(owner, key, spec.items, forUpload)], maxItems: spec.maxItems } as ApiPropertyOptions;
    case 'pairs':
      return {
        ...common, type: 'array', maxItems: spec.maxItems,
        items: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 },
      } as ApiPropertyOptions;
  }
}

function nestedClass(owner: string, key: string, fields: Fields, forUpload: boolean): Type<unknown> {
  const pascal = key.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  const name = `${owner}${pascal}${forUpload ? 'Upload' : ''}`;
  let schema = nested.get(name);
  if (!schema) {
    schema = schemaClass(name, Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, property(f, name, k, forUpload)])));
    nested.set(name, schema);
  }
  return schema;
}

const externalId: ApiPropertyOptions = {
  type: 'string', minLength: 1, maxLength: 255, example: 'garmin-991',
  description: "The source's id of the record, unique per (profile, source, type): sending it again updates the record.",
};

function uploadClass(spec: DataTypeSpec): Type<unknown> {
  const properties: Record<string, ApiPropertyOptions> = { external_id: { ...externalId, required: true } };
  for (const [key, field] of Object.entries(spec.fields)) properties[key] = property(field, spec.record, key, true);
  return schemaClass(`${spec.record}Upload`, properties);
}

function viewClass(spec: DataTypeSpec): Type<unknown> {
  const properties: Record<string, ApiPropertyOptions> = {};
  for (const [key, field] of Object.entries(spec.fields)) {
    const options = property(field, spec.record, key, false);
    const optional = spec.detailFields?.includes(key) || spec.v11Fields?.includes(key);
    properties[key] = optional ? { ...options, required: false } : options;
  }
  properties.source = { type: 'string', enum: [...SOURCES], example: 'GARMIN', description: 'The source that reported the record (AGGREGATED: merged by deduplicate).' };
  properties.external_id = { ...externalId, required: true };
  if (spec.points) properties.points = { type: 'number', example: 11.23, description: "Points under the app's points definition." };
  if (spec.type === 'ecg_recordings') properties.sample_count = { type: 'integer', example: 15360, description: 'Number of samples; ecg_recordings/data/ serves them.' };
  if (spec.type === 'sleep_summary') {
    properties.detail = { type: () => SCHEMAS.sleep_detail.view, isArray: true, required: false, description: 'With detail=true and exactly one result: the sleep stages of the period.' };
  }
  return schemaClass(spec.record, properties);
}

export const SCHEMAS = {} as Record<HealthDataType, { upload: Type<unknown>; view: Type<unknown> }>;
for (const spec of DATA_TYPE_SPECS) SCHEMAS[spec.type] = { upload: uploadClass(spec), view: viewClass(spec) };

/** Body of POST profile/{id}/data/. */
export const DataUpload = schemaClass('DataUpload', {
  source: { type: 'string', enum: [...INGESTIBLE_SOURCES], example: 'GARMIN', description: 'The source of every record of the upload.' },
  ...Object.fromEntries(
    DATA_TYPE_SPECS.map((spec) => [
      spec.type,
      { type: [SCHEMAS[spec.type].upload], required: false, description: `${spec.record} records.` } as ApiPropertyOptions,
    ]),
  ),
});

export const IngestionCountsView = schemaClass('IngestionCounts', {
  created: { type: 'integer', example: 12 },
  updated: { type: 'integer', example: 1 },
  unchanged: { type: 'integer', example: 0 },
});

/** Answer of POST data/: counts per data type present in the upload. */
export const IngestionResult = schemaClass(
  'IngestionResult',
  Object.fromEntries(DATA_TYPE_SPECS.map((spec) => [spec.type, { type: IngestionCountsView, required: false } as ApiPropertyOptions])),
);

/** ECGRecording: the samples of one recording as (time, value) tuples. */
export const ECG_RECORDING_SCHEMA = {
  type: 'array' as const,
  description: 'ECGRecording: (time, value) tuples, time in seconds since the start of the recording, value in microvolts.',
  items: { type: 'array' as const, items: { type: 'number' as const }, minItems: 2, maxItems: 2 },
  example: [[0, 12.5], [0.001953, 14.1]],
};
