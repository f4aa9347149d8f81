import { SOURCES, Source } from './activity-records';

// The terms of an upload (POST profile/{id}/data/) that its reader (health-upload.ts), its
// error (health-data-error.ts) and the store (HealthRecordRepository) share.

/** How an upload's records were stored, per data type: by key, new, changed or already there. */
export interface IngestionCounts {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
}

export interface IngestionIssue {
  /** Index path in the upload, e.g. `workout[2].distance`. */
  readonly path: string;
  readonly message: string;
}

/** Sources whose records are derived here (AGGREGATED) or unknown (NONE) cannot be uploaded. */
export const INGESTIBLE_SOURCES: readonly Source[] = SOURCES.filter((s) => s !== 'NONE' && s !== 'AGGREGATED');

export const MAX_EXTERNAL_ID_LENGTH = 255;
