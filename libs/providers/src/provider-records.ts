import { ProviderRecords } from '@strive/domain';

/** One record in the upload format, as a mapping builds it. */
export type RecordRow = Record<string, unknown>;

/** Appends one mapping's records to a page's (several vendor items make one page). */
export function mergeRecords(into: Record<string, RecordRow[]>, records: ProviderRecords): void {
  for (const [type, list] of Object.entries(records)) {
    if (list) (into[type] ??= []).push(...(list as RecordRow[]));
  }
}
