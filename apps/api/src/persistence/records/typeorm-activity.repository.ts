import {
  ActivityRepository, DailySummary, dailySummaryOf, RecordDateRange, RecordTimeRange, ScoredRecordFields, Source, Workout, workoutOf,
} from '@strive/domain';
import { Db, epochMsOf, fromEpochMs, jsonRows } from '../shared/db';

/** The fields of a record's data that scoring reads (the stored record may carry samples and more). */
const FIELDS = ['date', 'distance', 'steps', 'calories', 'active_duration', 'type', 'duration', 'is_manual'] as const;

/**
 * The values scoredFields reads, read with jsonRows: the record's profile and key, its time (epoch
 * milliseconds) and those fields, one value each (null when absent). Building one small JSON
 * object per row in SQL (jsonb_build_object) took 5 us a row, twice the cost of the read itself,
 * on the 9,000 records of a rescoring batch (docs/benchmarks.md "Scoring speed").
 */
export const SCORED_COLUMNS: readonly string[] = [
  'profile_id', 'source', 'external_id', epochMsOf('time'), ...FIELDS.map((field) => `data->'${field}'`),
];

/** Where the data fields start among SCORED_COLUMNS' values (after the profile, the key and the time). */
const FIRST_FIELD = SCORED_COLUMNS.length - FIELDS.length;

/** The profile of a record read with SCORED_COLUMNS. */
export const scoredProfile = (values: readonly unknown[]): string => values[0] as string;

/** A record read with SCORED_COLUMNS, as the domain's scoring views (dailySummaryOf, workoutOf) read it. */
export function scoredFields(values: readonly unknown[]): ScoredRecordFields {
  const data: Record<string, unknown> = {};
  for (let i = 0; i < FIELDS.length; i++) data[FIELDS[i]] = values[FIRST_FIELD + i];
  return { source: values[1] as Source, externalId: values[2] as string, time: fromEpochMs(values[3]), data };
}

/**
 * The scoring view (ActivityRepository) of the daily_summary and workout rows of
 * health_record: raw records of every source, as the domain's deduplication expects them.
 */
export class TypeOrmActivityRepository implements ActivityRepository {
  constructor(private readonly dataSource: Db) {}

  async listDailySummaries(profileId: string, range: RecordDateRange = {}): Promise<DailySummary[]> {
    const from = range.fromDate ? new Date(`${range.fromDate}T00:00:00Z`) : undefined;
    const to = range.toDate ? new Date(`${range.toDate}T00:00:00Z`) : undefined;
    const rows = await this.range(profileId, 'daily_summary', from, to);
    return rows.map((row) => dailySummaryOf(profileId, scoredFields(row)));
  }

  async listWorkouts(profileId: string, range: RecordTimeRange = {}): Promise<Workout[]> {
    const rows = await this.range(profileId, 'workout', range.from, range.to);
    return rows.map((row) => workoutOf(profileId, scoredFields(row)));
  }

  private range(profileId: string, type: string, from?: Date, to?: Date): Promise<unknown[][]> {
    return jsonRows(
      this.dataSource,
      SCORED_COLUMNS,
      `FROM health_record
       WHERE app_id = (SELECT app_id FROM profile WHERE id = $1) AND profile_id = $1 AND type = $2 AND subtype = ''
         AND ($3::timestamptz IS NULL OR time >= $3) AND ($4::timestamptz IS NULL OR time <= $4)`,
      [profileId, type, from?.toISOString() ?? null, to?.toISOString() ?? null],
      'time, source, external_id',
    );
  }
}
