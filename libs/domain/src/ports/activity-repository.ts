import { DailySummary, Source, Workout } from '../records/activity-records';

/** Dates of daily summaries (YYYY-MM-DD), both bounds included; an omitted bound is open. */
export interface RecordDateRange {
  readonly fromDate?: string;
  readonly toDate?: string;
}

/** Instants bounding a workout's start, both included; an omitted bound is open. */
export interface RecordTimeRange {
  readonly from?: Date;
  readonly to?: Date;
}

/** Stored activity records; a record's key is (profileId, source, externalId) per type. */
export interface ActivityRepository {
  findDailySummaries(profileId: string, source: Source, externalIds: readonly string[]): Promise<DailySummary[]>;
  findWorkouts(profileId: string, source: Source, externalIds: readonly string[]): Promise<Workout[]>;
  /** Inserts or replaces every record by its key, in one transaction. */
  upsert(records: { readonly dailySummaries: readonly DailySummary[]; readonly workouts: readonly Workout[] }): Promise<void>;
  /** Raw records of every source, ordered by date, then source and externalId. */
  listDailySummaries(profileId: string, range?: RecordDateRange): Promise<DailySummary[]>;
  /** Raw records of every source, ordered by start, then source and externalId. */
  listWorkouts(profileId: string, range?: RecordTimeRange): Promise<Workout[]>;
}
