import {
  ActivityRepository, DailySummary, dailySummaryOf, RecordDateRange, RecordTimeRange, ScoredRecordFields, Source, Workout, workoutOf,
} from '@strive/domain';
import { Db, toDate } from '../shared/db';

interface Row {
  source: Source;
  external_id: string;
  time: Date | string;
  data: Record<string, unknown> | string;
}

/** Only the fields scoring reads, as a small JSON object (the stored record may carry samples). */
export const SCORED_FIELDS = `jsonb_build_object('date', data->'date', 'distance', data->'distance', 'steps', data->'steps', 'calories', data->'calories',
  'active_duration', data->'active_duration', 'type', data->'type', 'duration', data->'duration', 'is_manual', data->'is_manual') AS data`;

/** The row as the domain's scoring views (dailySummaryOf, workoutOf) read it. */
export function scoredFields(row: Pick<Row, 'source' | 'external_id' | 'time' | 'data'>): ScoredRecordFields {
  return {
    source: row.source,
    externalId: row.external_id,
    time: toDate(row.time),
    data: (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>,
  };
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
      `SELECT source, external_id, time, ${SCORED_FIELDS} FROM health_record
       WHERE app_id = (SELECT app_id FROM profile WHERE id = $1) AND profile_id = $1 AND type = $2 AND subtype = ''
         AND ($3::timestamptz IS NULL OR time >= $3) AND ($4::timestamptz IS NULL OR time <= $4)
       ORDER BY time, source, external_id`,
      [profileId, type, from?.toISOString() ?? null, to?.toISOString() ?? null],
    );
  }
}
