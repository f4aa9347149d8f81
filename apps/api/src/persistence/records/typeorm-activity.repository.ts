import { ActivityRepository, DailySummary, dailySummaryOf, RecordDateRange, RecordTimeRange, Source, Workout, workoutOf } from '@strive/domain';
import { Db, epochMsOf, fromEpochMs, jsonRows } from '../shared/db';

/**
 * What scoring reads of a record of each kind: its profile and key, a workout's time (epoch
 * milliseconds; a daily summary's view reads its date instead), and the fields of its data that the
 * kind's view reads (the stored record may carry samples and more), one value each (null when
 * absent), read with jsonRows. Building one small JSON object per row in SQL (jsonb_build_object)
 * took 5 us a row, twice the cost of the read itself, on the 9,000 records of a rescoring batch
 * (docs/benchmarks.md "Scoring speed"); each value costs the server a conversion, so a kind reads
 * only its own fields (a daily summary's 8 values instead of both kinds' 12: a fifth less of a
 * batch's read, docs/benchmarks.md "Thirty-fifth session").
 */
const DAILY_SUMMARY_FIELDS = ['date', 'distance', 'steps', 'calories', 'active_duration'] as const;
const WORKOUT_FIELDS = ['type', 'duration', 'distance', 'steps', 'calories', 'is_manual'] as const;
const dataColumns = (fields: readonly string[]) => fields.map((field) => `data->'${field}'`);

export const DAILY_SUMMARY_COLUMNS: readonly string[] = ['profile_id', 'source', 'external_id', ...dataColumns(DAILY_SUMMARY_FIELDS)];
export const WORKOUT_COLUMNS: readonly string[] = ['profile_id', 'source', 'external_id', epochMsOf('time'), ...dataColumns(WORKOUT_FIELDS)];

/** The data fields of a record read with a kind's columns, from `first` on. */
function dataOf(fields: readonly string[], values: readonly unknown[], first: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) data[fields[i]] = values[first + i];
  return data;
}

/** A daily summary read with DAILY_SUMMARY_COLUMNS, as the domain's scoring view; its profile read too unless given. */
export const dailySummaryRow = (values: readonly unknown[], profileId = values[0] as string): DailySummary =>
  dailySummaryOf(profileId, { source: values[1] as Source, externalId: values[2] as string, data: dataOf(DAILY_SUMMARY_FIELDS, values, 3) });

/** A workout read with WORKOUT_COLUMNS, as the domain's scoring view; its profile read too unless given. */
export const workoutRow = (values: readonly unknown[], profileId = values[0] as string): Workout =>
  workoutOf(profileId, { source: values[1] as Source, externalId: values[2] as string, time: fromEpochMs(values[3]), data: dataOf(WORKOUT_FIELDS, values, 4) });

/**
 * The scoring view (ActivityRepository) of the daily_summary and workout rows of
 * health_record: raw records of every source, as the domain's deduplication expects them.
 */
export class TypeOrmActivityRepository implements ActivityRepository {
  constructor(private readonly dataSource: Db) {}

  async listDailySummaries(profileId: string, range: RecordDateRange = {}): Promise<DailySummary[]> {
    const from = range.fromDate ? new Date(`${range.fromDate}T00:00:00Z`) : undefined;
    const to = range.toDate ? new Date(`${range.toDate}T00:00:00Z`) : undefined;
    const rows = await this.range(profileId, 'daily_summary', DAILY_SUMMARY_COLUMNS, from, to);
    return rows.map((row) => dailySummaryRow(row, profileId));
  }

  async listWorkouts(profileId: string, range: RecordTimeRange = {}): Promise<Workout[]> {
    const rows = await this.range(profileId, 'workout', WORKOUT_COLUMNS, range.from, range.to);
    return rows.map((row) => workoutRow(row, profileId));
  }

  private range(profileId: string, type: string, columns: readonly string[], from?: Date, to?: Date): Promise<unknown[][]> {
    return jsonRows(
      this.dataSource,
      columns,
      `FROM health_record
       WHERE app_id = (SELECT app_id FROM profile WHERE id = $1) AND profile_id = $1 AND type = $2 AND subtype = ''
         AND ($3::timestamptz IS NULL OR time >= $3) AND ($4::timestamptz IS NULL OR time <= $4)`,
      [profileId, type, from?.toISOString() ?? null, to?.toISOString() ?? null],
      'time, source, external_id',
    );
  }
}
