import { HealthDataError, ProviderRecords, readHealthUpload, Source } from '@strive/domain';

/** One record in the upload format, as a mapping builds it. */
export type RecordRow = Record<string, unknown>;

/** Appends one mapping's records to a page's (several vendor items make one page). */
export function mergeRecords(into: Record<string, RecordRow[]>, records: ProviderRecords): void {
  for (const [type, list] of Object.entries(records)) {
    if (list) (into[type] ??= []).push(...(list as RecordRow[]));
  }
}

/**
 * A page's records that the upload rules accept. The sync reads a page all or nothing, so one
 * vendor value out of Strive's bounds (a 9-day "activity", a weight of 0) would stop the
 * person's sync for good; such a record is left out instead. A page that passes whole (the
 * usual case) is checked once.
 */
export function uploadableRecords(source: Source, records: ProviderRecords, now = new Date()): ProviderRecords {
  const accepted = (body: ProviderRecords) => {
    try {
      readHealthUpload({ source, ...body }, now);
      return true;
    } catch (error) {
      if (error instanceof HealthDataError) return false;
      throw error;
    }
  };
  if (accepted(records)) return records;
  const out: Record<string, RecordRow[]> = {};
  for (const [type, list] of Object.entries(records)) {
    const kept = (list ?? []).filter((row) => accepted({ [type]: [row] }));
    if (kept.length > 0) out[type] = kept as RecordRow[];
  }
  return out;
}
