import {
  HealthDataType, HealthRecord, HealthRecordQuery, HealthRecordRepository, HealthUpsertResult, IdentityError, Source,
  StoredHealthRecord,
} from '@strive/domain';
import {
  Db, fromEpochMs, fromEpochMsOrNull, isoStrings, jsonRowGroups, PreparedStatement, queryPrepared, toDate, toDateOrNull, wholeEpochMsOf,
} from '../shared/db';

interface Row {
  id: string;
  type: HealthDataType;
  subtype: string;
  source: Source;
  external_id: string;
  time: Date | string;
  end_time: Date | string | null;
  data: Record<string, unknown> | string;
}

export function toStoredRecord(row: Row): StoredHealthRecord {
  return {
    id: String(row.id),
    type: row.type,
    subtype: row.subtype,
    source: row.source,
    externalId: row.external_id,
    time: toDate(row.time),
    endTime: toDateOrNull(row.end_time),
    data: typeof row.data === 'string' ? JSON.parse(row.data) : row.data,
  };
}

/** The upsert's order of rows: by key (type, source, external id), compared as JavaScript strings. */
function byKey(a: HealthRecord, b: HealthRecord): number {
  if (a.type !== b.type) return a.type < b.type ? -1 : 1;
  if (a.source !== b.source) return a.source < b.source ? -1 : 1;
  return a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0;
}

// `id` is the bigint column; ORDER BY names it with its table, or it would sort the text alias ('10' < '9').
const COLUMNS = 'id::text AS id, type, subtype, source, external_id, time, end_time, data';

/**
 * The upsert, prepared on each connection (queryPrepared): jsonb_to_recordset's row estimate is a
 * constant, so its plan is the same whatever the rows. In place of a foreign key's check per row
 * (RecordsWithoutForeignKey): the profile row locked once, as that check locked it, before any row
 * is written (a one-time filter), so that its deletion waits for this transaction (and then deletes
 * these records too), or came first and the profile is not found: then nothing is written and one
 * row of nulls says so. In the same statement: a round trip less per upload. What was written comes
 * back as counts per type, the written keys only when some record was left unchanged (one row a
 * type, not one a record): the FILTER's condition is computed once (an uncorrelated sub-select), so
 * an upload whose records were all written builds no key at all (a CASE around the aggregate still
 * built all 500).
 */
const UPSERT: PreparedStatement = {
  name: 'health_record_upsert',
  text: `WITH owner AS (SELECT 1 FROM profile WHERE app_id = $1 AND id = $2 FOR KEY SHARE),
   written AS (
     INSERT INTO health_record AS stored (app_id, profile_id, type, subtype, source, external_id, time, end_time, data)
     SELECT $1, $2, r.type, r.subtype, r.source, r.external_id, r.time, r.end_time, r.data
     FROM ROWS FROM (jsonb_to_recordset($3::jsonb)
       AS (type text, subtype text, source text, external_id text, time timestamptz, end_time timestamptz, data jsonb))
       WITH ORDINALITY AS r(type, subtype, source, external_id, time, end_time, data, n)
     WHERE EXISTS (SELECT FROM owner)
     ORDER BY r.n
     ON CONFLICT (app_id, profile_id, type, source, external_id) DO UPDATE
       SET subtype = EXCLUDED.subtype, time = EXCLUDED.time, end_time = EXCLUDED.end_time, data = EXCLUDED.data, updated_at = now()
       WHERE stored.data IS DISTINCT FROM EXCLUDED.data
     RETURNING type, source, external_id, xmax = 0 AS inserted)
   SELECT type, count(*) FILTER (WHERE inserted)::int AS created, count(*)::int AS written,
     json_agg(json_build_array(source, external_id)) FILTER (WHERE (SELECT count(*) FROM written) < $4) AS keys
   FROM written GROUP BY type
   UNION ALL SELECT NULL, NULL, NULL, NULL WHERE NOT EXISTS (SELECT FROM owner)`,
};

/**
 * The health_record table. Upserts are one INSERT ... ON CONFLICT over jsonb_to_recordset()
 * (four parameters whatever the batch size); rows whose content did not change are not
 * touched, and RETURNING tells created (xmax 0) from updated.
 */
export class TypeOrmHealthRecordRepository implements HealthRecordRepository {
  constructor(private readonly dataSource: Db) {}

  async upsert(appId: string, profileId: string, records: readonly HealthRecord[]): Promise<HealthUpsertResult> {
    const counts: Partial<Record<HealthDataType, { created: number; updated: number; unchanged: number }>> = {};
    for (const record of records) counts[record.type] ??= { created: 0, updated: 0, unchanged: 0 };
    if (records.length === 0) return { counts, written: [] };
    // The rows travel as one JSON document: one parameter to bind whatever the batch size,
    // parsed by the server in one pass (several ms less per 500 rows than 4,500 parameters).
    // Their instants repeat (a month of daily summaries has 30 dates): each written once.
    // Rows go in ordered by their key, so that uploads of one profile sharing records wait for
    // each other's keys in one order: in each upload's own order, overlapping days sent in other
    // orders deadlocked, and a cycle of six concurrent uploads outlasted the three attempts (a 500;
    // the multi-process e2e test on PostgreSQL). Sorted here, the server takes them in the order
    // sent (ORDER BY the ordinality needs no sort: 1-2 ms less per 500 rows than its own sort).
    const iso = isoStrings();
    const rows = JSON.stringify([...records].sort(byKey).map((r) => ({
      type: r.type, subtype: r.subtype, source: r.source, external_id: r.externalId, time: iso(r.time), end_time: r.endTime === null ? null : iso(r.endTime), data: r.data,
    })));
    const returned: { type: HealthDataType | null; created: number; written: number; keys: [Source, string][] | null }[] = await queryPrepared(
      this.dataSource,
      UPSERT,
      [appId, profileId, rows, records.length],
    );
    if (returned.length === 1 && returned[0].type === null) throw IdentityError.profileNotFound(profileId);
    let writtenCount = 0;
    for (const row of returned) {
      const count = counts[row.type as HealthDataType] as { created: number; updated: number };
      count.created += row.created;
      count.updated += row.written - row.created;
      writtenCount += row.written;
    }
    if (writtenCount === records.length) return { counts, written: records };
    // The record key within the profile: type, source and external id (two sources may use one id).
    const key = (type: string, source: string, externalId: string) => `${type}\u0000${source}\u0000${externalId}`;
    const written = new Set<string>();
    for (const row of returned) for (const [source, externalId] of row.keys ?? []) written.add(key(row.type as string, source, externalId));
    const writtenRecords: HealthRecord[] = [];
    for (const record of records) {
      if (written.has(key(record.type, record.source, record.externalId))) writtenRecords.push(record);
      else (counts[record.type] as { unchanged: number }).unchanged++;
    }
    return { counts, written: writtenRecords };
  }

  async list(query: HealthRecordQuery): Promise<StoredHealthRecord[]> {
    const { where, params } = this.where(query);
    const direction = query.direction === 'forward' ? 'ASC' : 'DESC';
    params.push(query.limit);
    const rows: Row[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM health_record WHERE ${where}
       ORDER BY time ${direction}, health_record.id ${direction} ${query.times ? '' : `LIMIT $${params.length}`}`,
      params.slice(0, query.times ? -1 : undefined),
    );
    return rows.map(toStoredRecord);
  }

  /**
   * As json documents, a month of records each (jsonRowGroups): hundreds of records with their
   * whole data are read in a few documents (docs/benchmarks.md "Thirty-third session").
   */
  async listAll(appId: string, profileId: string, types: readonly HealthDataType[], range: { from?: Date; to?: Date }): Promise<HealthRecord[]> {
    const rows = (await jsonRowGroups(
      this.dataSource,
      ['id', 'type', 'source', 'external_id', wholeEpochMsOf('time'), wholeEpochMsOf('end_time'), 'data'],
      `FROM health_record
       WHERE app_id = $1 AND profile_id = $2 AND type = ANY($3::text[]) AND subtype = ''
         AND ($4::timestamptz IS NULL OR time >= $4) AND ($5::timestamptz IS NULL OR time <= $5)`,
      [appId, profileId, types, range.from?.toISOString() ?? null, range.to?.toISOString() ?? null],
      "date_trunc('month', time)",
    )) as [number, HealthDataType, Source, string, number, number | null, Record<string, unknown>][];
    rows.sort((a, b) => a[4] - b[4] || a[0] - b[0]);
    return rows.map(([, type, source, externalId, time, endTime, data]) => ({
      type, subtype: '', source, externalId, time: fromEpochMs(time), endTime: fromEpochMsOrNull(endTime), data,
    }));
  }

  async listTimes(query: HealthRecordQuery): Promise<Date[]> {
    const { where, params } = this.where(query);
    const direction = query.direction === 'forward' ? 'ASC' : 'DESC';
    params.push(query.limit);
    const rows: { time: Date | string }[] = await this.dataSource.query(
      `SELECT DISTINCT time FROM health_record WHERE ${where} ORDER BY time ${direction} LIMIT $${params.length}`,
      params,
    );
    return rows.map((row) => toDate(row.time));
  }

  private where(query: HealthRecordQuery): { where: string; params: unknown[] } {
    const params: unknown[] = [query.appId, query.profileId, query.type, query.subtype ?? ''];
    const clauses = ['app_id = $1', 'profile_id = $2', 'type = $3', 'subtype = $4'];
    const add = (clause: (n: string) => string, value: unknown) => {
      params.push(value);
      clauses.push(clause(`$${params.length}`));
    };
    if (query.from) add((p) => `time >= ${p}`, query.from.toISOString());
    if (query.to) add((p) => `time <= ${p}`, query.to.toISOString());
    if (query.source) add((p) => `source = ${p}`, query.source);
    if (query.times) add((p) => `time = ANY(${p}::timestamptz[])`, query.times.map((t) => t.toISOString()));
    if (query.ids !== undefined) add((p) => `id = ANY(${p}::bigint[])`, [...query.ids]);
    if (query.withActivityFile) {
      // The SQL twin of isTrackOf (libs/domain/src/documents/activity-file.ts); the page index finds the samples.
      const samples = query.withActivityFile === 'samples'
        ? `jsonb_typeof(data->'heart_rate_samples') = 'array' AND jsonb_array_length(data->'heart_rate_samples') > 0 OR `
        : '';
      clauses.push(`(${samples}EXISTS (SELECT 1 FROM health_record track WHERE track.app_id = health_record.app_id AND track.profile_id = health_record.profile_id
          AND track.type = 'track_sample' AND track.subtype = '' AND track.source = health_record.source
          AND track.time >= health_record.time AND track.time <= COALESCE(health_record.end_time, health_record.time)
          AND (track.data->>'workout_external_id' IS NULL OR track.data->>'workout_external_id' = health_record.external_id)))`);
    }
    const position = query.position;
    if (position) {
      const op = query.direction === 'forward' ? '>' : '<';
      if (position.id === null) add((p) => `time ${op} ${p}`, position.time.toISOString());
      else {
        add((p) => `time ${op}= ${p}`, position.time.toISOString());
        params.push(position.time.toISOString(), position.id);
        clauses.push(`(time, id) ${op} ($${params.length - 1}::timestamptz, $${params.length}::bigint)`);
      }
    }
    return { where: clauses.join(' AND '), params };
  }
}
