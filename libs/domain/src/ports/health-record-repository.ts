import { Source } from '../records/activity-records';
import { HealthDataType, HealthRecord, StoredHealthRecord } from '../records/health-record';
import { IngestionCounts } from '../records/ingestion';

/** A position in the (time, id) order of records: pages continue after or before it. */
export interface RecordPosition {
  readonly time: Date;
  /** null: every record at `time` lies on the far side (used by per-date pages). */
  readonly id: string | null;
}

export interface HealthRecordQuery {
  readonly appId: string;
  readonly profileId: string;
  readonly type: HealthDataType;
  /** measurement_type of biometric measurements. */
  readonly subtype?: string;
  /** Bounds of `time`, both included. */
  readonly from?: Date;
  readonly to?: Date;
  /** Records strictly after (direction 'forward') or before ('backward') this position. */
  readonly position?: RecordPosition;
  readonly direction: 'forward' | 'backward';
  readonly limit: number;
  /** Only records of these times (per-date reads); with it, `limit` may be exceeded. */
  readonly times?: readonly Date[];
  readonly source?: Source;
  /** Only the records with these storage ids. */
  readonly ids?: readonly string[];
  /**
   * Only workouts that have an activity file. 'track': a track sample of their source inside
   * their time span that names them or no workout (documents/activity-file.ts isTrackOf);
   * 'samples': such a track or heart_rate_samples.
   */
  readonly withActivityFile?: 'samples' | 'track';
}

export interface HealthUpsertResult {
  readonly counts: Readonly<Partial<Record<HealthDataType, IngestionCounts>>>;
  /** The created and updated records (unchanged ones are not written). */
  readonly written: readonly HealthRecord[];
}

/** Raw records of every data type, kept per source; key (profile, source, type, externalId). */
export interface HealthRecordRepository {
  /**
   * Creates, updates or leaves unchanged every record by its key, atomically. A profile that does
   * not exist (deleted meanwhile) is refused: IdentityError profile_not_found, nothing stored.
   */
  upsert(appId: string, profileId: string, records: readonly HealthRecord[]): Promise<HealthUpsertResult>;
  /** Records in (time, id) order for 'forward', reverse order for 'backward'. */
  list(query: HealthRecordQuery): Promise<StoredHealthRecord[]>;
  /** Every record of the given types with `time` in [from, to] (open where omitted), in time order. */
  listAll(appId: string, profileId: string, types: readonly HealthDataType[], range: { from?: Date; to?: Date }): Promise<HealthRecord[]>;
  /** Distinct record times in order (per-date pages of merged daily summaries). */
  listTimes(query: HealthRecordQuery): Promise<Date[]>;
}
