import { IngestionCounts } from '../src/records/ingestion';
import { HealthDataType, HealthRecord, StoredHealthRecord } from '../src/records/health-record';
import { isTrackOf } from '../src/documents/activity-file';
import { HealthRecordQuery, HealthRecordRepository, HealthUpsertResult } from '../src/ports/health-record-repository';
import { ProfileRepository } from '../src/ports/profile-repository';
import { IdentityError } from '../src/identity/identity-error';

/** JSON with object keys sorted: equal for equal content, as jsonb compares it (key order does not count). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sameContent = (a: HealthRecord, b: HealthRecord) => canonical(a.data) === canonical(b.data);

type Row = StoredHealthRecord & { appId: string; profileId: string };

/**
 * Keeps records by (app, profile, type, source, externalId) with increasing ids, as the real table
 * does; given the profiles, it refuses records of a profile that is not the app's, as the real
 * upsert does (a test of documents or insights alone may leave them out).
 */
export class InMemoryHealthRecordRepository implements HealthRecordRepository {
  readonly rows = new Map<string, Row>();
  private nextId = 1;

  constructor(private readonly profiles?: Pick<ProfileRepository, 'findInApp'>) {}

  async upsert(appId: string, profileId: string, records: readonly HealthRecord[]): Promise<HealthUpsertResult> {
    const counts: Partial<Record<HealthDataType, { created: number; updated: number; unchanged: number }>> = {};
    const written: HealthRecord[] = [];
    if (records.length > 0 && this.profiles && !(await this.profiles.findInApp(appId, profileId))) throw IdentityError.profileNotFound(profileId);
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
    const times = query.times?.map((t) => t.getTime());
    const matching = [...this.rows.values()]
      .filter((r) => r.appId === query.appId && r.profileId === query.profileId && r.type === query.type && r.subtype === (query.subtype ?? ''))
      .filter((r) => (!query.from || r.time >= query.from) && (!query.to || r.time <= query.to))
      .filter((r) => query.source === undefined || r.source === query.source)
      .filter((r) => times === undefined || times.includes(r.time.getTime()))
      .filter((r) => query.ids === undefined || query.ids.includes(r.id))
      .filter((r) => !query.withActivityFile || this.hasActivityFile(r, query.withActivityFile))
      .filter((r) => beyond(r, query.position, forward))
      .sort((a, b) => forward * (a.time.getTime() - b.time.getTime() || Number(a.id) - Number(b.id)));
    // With `times` (per-date reads) every record of those times is returned, whatever the limit.
    const page = query.times ? matching : matching.slice(0, query.limit);
    return page.map(({ appId: _a, profileId: _p, ...record }) => record);
  }

  private hasActivityFile(workout: Row, kind: 'samples' | 'track'): boolean {
    const samples = workout.data.heart_rate_samples;
    if (kind === 'samples' && Array.isArray(samples) && samples.length > 0) return true;
    return [...this.rows.values()].some(
      (r) => r.appId === workout.appId && r.profileId === workout.profileId && r.type === 'track_sample' && r.subtype === '' && isTrackOf(workout, r),
    );
  }

  async listAll(appId: string, profileId: string, types: readonly HealthDataType[], range: { from?: Date; to?: Date }): Promise<HealthRecord[]> {
    return (await Promise.all(types.map((type) => this.list({ appId, profileId, type, direction: 'forward', limit: Infinity, ...range }))))
      .flat()
      .sort((a, b) => a.time.getTime() - b.time.getTime() || Number(a.id) - Number(b.id));
  }

  async listTimes(query: HealthRecordQuery): Promise<Date[]> {
    const records = await this.list({ ...query, times: undefined, limit: Infinity });
    const times = query.times?.map((t) => t.getTime());
    const distinct = [...new Set(records.map((r) => r.time.getTime()))].filter((t) => times === undefined || times.includes(t));
    return distinct.slice(0, query.limit).map((t) => new Date(t));
  }
}

/** Whether the record lies strictly after (forward) or before (backward) the position in (time, id) order. */
function beyond(record: Row, position: HealthRecordQuery['position'], forward: number): boolean {
  if (!position) return true;
  const byTime = forward * (record.time.getTime() - position.time.getTime());
  if (byTime !== 0 || position.id === null) return byTime > 0;
  return forward * (Number(record.id) - Number(position.id)) > 0;
}
