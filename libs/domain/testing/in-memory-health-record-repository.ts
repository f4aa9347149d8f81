import { IngestionCounts } from '../src/records/ingestion';
import { HealthDataType, HealthRecord, StoredHealthRecord } from '../src/records/health-record';
import { HealthRecordQuery, HealthRecordRepository, HealthUpsertResult } from '../src/ports/health-record-repository';

const sameContent = (a: HealthRecord, b: HealthRecord) => JSON.stringify(a.data) === JSON.stringify(b.data);

/** Keeps records by (app, profile, type, source, externalId) with increasing ids, as the real table does. */
export class InMemoryHealthRecordRepository implements HealthRecordRepository {
  readonly rows = new Map<string, StoredHealthRecord & { appId: string; profileId: string }>();
  private nextId = 1;

  async upsert(appId: string, profileId: string, records: readonly HealthRecord[]): Promise<HealthUpsertResult> {
    const counts: Partial<Record<HealthDataType, { created: number; updated: number; unchanged: number }>> = {};
    const written: HealthRecord[] = [];
    for (const record of records) {
      const count = (counts[record.type] ??= { created: 0, updated: 0, unchanged: 0 });
      const key = [appId, profileId, record.type, record.source, record.externalId].join('\u0000');
      const existing = this.rows.get(key);
      if (existing && sameContent(existing, record)) {
        count.unchanged++;
        continue;
      }
      if (existing) count.updated++;
      else count.created++;
      this.rows.set(key, { ...record, appId, profileId, id: existing?.id ?? String(this.nextId++) });
      written.push(record);
    }
    return { counts: counts as Partial<Record<HealthDataType, IngestionCounts>>, written };
  }

  async list(query: HealthRecordQuery): Promise<StoredHealthRecord[]> {
    const forward = query.direction === 'forward' ? 1 : -1;
    const matching = [...this.rows.values()]
      .filter((r) => r.appId === query.appId && r.profileId === query.profileId && r.type === query.type && r.subtype === (query.subtype ?? ''))
      .filter((r) => (!query.from || r.time >= query.from) && (!query.to || r.time <= query.to))
      .sort((a, b) => forward * (a.time.getTime() - b.time.getTime() || Number(a.id) - Number(b.id)));
    return matching.slice(0, query.limit).map(({ appId: _a, profileId: _p, ...record }) => record);
  }

  async listAll(
    appId: string, profileId: string, types: readonly HealthDataType[], range: { from?: Date; to?: Date },
    exclude?: { source: string; externalIds: readonly string[] },
  ): Promise<HealthRecord[]> {
    const all = (await Promise.all(types.map((type) => this.list({ appId, profileId, type, direction: 'forward', limit: Infinity, ...range }))))
      .flat()
      .sort((a, b) => a.time.getTime() - b.time.getTime() || Number(a.id) - Number(b.id));
    return all.filter((r) => !(exclude && r.source === exclude.source && exclude.externalIds.includes(r.externalId)));
  }

  async listTimes(query: HealthRecordQuery): Promise<Date[]> {
    return [...new Set((await this.list({ ...query, limit: Infinity })).map((r) => r.time.getTime()))].slice(0, query.limit).map((t) => new Date(t));
  }
}
