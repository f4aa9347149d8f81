/** Rows of health_record as read back with SQL (the anchors insert them again as they are). */
export type RecordRow = Record<string, unknown>;

/**
 * The anchors' raw write: one plain multi-row `INSERT ... VALUES` of these rows into `table`
 * (health_record or a table LIKE it), for `appId`.
 */
export function recordInsert(table: string, appId: string, rows: readonly RecordRow[]): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const tuples = rows.map((row) => {
    values.push(appId, row.profile_id, row.type, row.subtype, row.source, row.external_id, row.time, row.end_time, row.data);
    const n = values.length;
    return `($${n - 8}, $${n - 7}, $${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n}::jsonb)`;
  });
  return {
    text: `INSERT INTO ${table} (app_id, profile_id, type, subtype, source, external_id, time, end_time, data) VALUES ${tuples.join(', ')}`,
    values,
  };
}
