import { DailySummary, Workout } from '../records/activity-records';

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

/**
 * The scoring view of the stored daily summaries and workouts (health records of those types):
 * raw records of every source, as the domain's deduplication expects them.
 */
export interface ActivityRepository {
  /** Raw records of every source, ordered by date, then source and externalId. */
  listDailySummaries(profileId: string, range?: RecordDateRange): Promise<DailySummary[]>;
  /** Raw records of every source, ordered by start, then source and externalId. */
  listWorkouts(profileId: string, range?: RecordTimeRange): Promise<Workout[]>;
}
