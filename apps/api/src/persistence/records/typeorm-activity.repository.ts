import {
  ActivityRepository, DailySummary, dailySummaryOf, RecordDateRange, RecordTimeRange, ScoredRecordFields, Source, Workout, workoutOf,
} from '@strive/domain';
import { Db, epochMs, fromEpochMs } from '../shared/db';

/** The fields of a record's data that scoring reads (the stored record may carry samples and more). */
const FIELDS = ['date', 'distance', 'steps', 'calories', 'active_duration', 'type', 'duration', 'is_manual'] as const;

interface Row extends Partial<Record<`f_${(typeof FIELDS)[number]}`, unknown>> {
  source: Source;
  external_id: string;
  /** Epoch milliseconds. */
  time: number | string;
}

/**
 * The columns scoredFields reads: the record's key, its time (epoch milliseconds) and those
 * fields, one column each (`f_<field>`, null when absent). Building one small JSON object per row
 * in SQL (jsonb_build_object) took 5 us a row, twice the cost of the read itself, on the 9,000
 * records of a rescoring batch (docs/benchmarks.md "Scoring speed").
 */
export const SCORED_COLUMNS = `source, external_id, ${epochMs('time')}, ${FIELDS.map((field) => `data->'${field}' AS f_${field}`).join(', ')}`;

/** The row as the domain's scoring views (dailySummaryOf, workoutOf) read it. */
export function scoredFields(row: Row): ScoredRecordFields {
  const data: Record<string, unknown> = {};
  for (const field of FIELDS) data[field] = row[`f_${field}`] ?? null;
  return { source: row.source, externalId: row.external_id, time: fromEpochMs(row.time), data };
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

  private range(profileId: string, type: string, from?: Date, to?: Date): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT ${SCORED_COLUMNS} FROM health_record
       WHERE app_id = (SELECT app_id FROM profile WHERE id = $1) AND profile_id = $1 AND type = $2 AND subtype = ''
         AND ($3::timestamptz IS NULL OR time >= $3) AND ($4::timestamptz IS NULL OR time <= $4)
       ORDER BY time, source, external_id`,
      [profileId, type, from?.toISOString() ?? null, to?.toISOString() ?? null],
    );
  }
}
