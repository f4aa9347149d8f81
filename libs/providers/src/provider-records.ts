import { HealthDataError, MAX_UPLOAD_RECORDS, ProviderRecords, readHealthUpload, Source } from '@strive/domain';

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

/**
 * As many whole items (a night with its stages, ...) from `first` on as fit in one upload
 * (always at least one); `next` is the first item left for the next page, or null.
 */
export function wholeItemsPage(items: readonly ProviderRecords[], first: number, limit = MAX_UPLOAD_RECORDS): { records: ProviderRecords; next: number | null } {
  const page: Record<string, RecordRow[]> = {};
  let count = 0;
  let index = first;
  for (; index < items.length; index++) {
    const size = Object.values(items[index]).reduce((sum, list) => sum + (list?.length ?? 0), 0);
    if (count > 0 && count + size > limit) break;
    mergeRecords(page, items[index]);
    count += size;
  }
  return { records: page, next: index < items.length ? index : null };
}
