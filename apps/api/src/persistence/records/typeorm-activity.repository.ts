import {
  ActivityRepository, DailySummary, dailySummaryOf, formatDuration, HealthRecord, RecordDateRange, RecordTimeRange, ScoredRecordFields,
  Source, Workout, workoutOf,
} from '@strive/domain';
import { DataSource } from 'typeorm';
import { Db, toDate } from '../shared/db';
import { TypeOrmHealthRecordRepository } from './typeorm-health-record.repository';

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
  private readonly records: TypeOrmHealthRecordRepository;

  constructor(private readonly dataSource: Db) {
    this.records = new TypeOrmHealthRecordRepository(dataSource);
  }

  async findDailySummaries(profileId: string, source: Source, externalIds: readonly string[]): Promise<DailySummary[]> {
    const rows = await this.find(profileId, 'daily_summary', source, externalIds);
    return rows.map((row) => dailySummaryOf(profileId, scoredFields(row)));
  }

  async findWorkouts(profileId: string, source: Source, externalIds: readonly string[]): Promise<Workout[]> {
    const rows = await this.find(profileId, 'workout', source, externalIds);
    return rows.map((row) => workoutOf(profileId, scoredFields(row)));
  }

  async upsert(records: { readonly dailySummaries: readonly DailySummary[]; readonly workouts: readonly Workout[] }): Promise<void> {
    const byProfile = new Map<string, HealthRecord[]>();
    const add = (profileId: string, record: HealthRecord) => byProfile.set(profileId, [...(byProfile.get(profileId) ?? []), record]);
    for (const s of records.dailySummaries) {
      add(s.profileId, {
        type: 'daily_summary', source: s.source, externalId: s.externalId, subtype: '', endTime: null,
        time: new Date(`${s.date}T00:00:00Z`),
        data: {
          date: s.date, distance: s.distance, steps: s.steps, calories: s.calories,
          active_duration: formatDuration(s.activeDurationSeconds), floors: null, heart_rate_summary: null, stress_summary: null,
        },
      });
    }
    for (const w of records.workouts) {
      add(w.profileId, {
        type: 'workout', source: w.source, externalId: w.externalId, subtype: '', time: w.start,
        endTime: new Date(w.start.getTime() + w.durationSeconds * 1000),
        data: {
          timestamp: w.start.toISOString(), duration: formatDuration(w.durationSeconds), type: w.activityType, is_manual: w.isManual,
          name: null, distance: w.distance, steps: w.steps, calories: w.calories, elevation_gain: null,
          heart_rate_summary: null, heart_rate_samples: null,
        },
      });
    }
    for (const [profileId, list] of byProfile) {
      const [profile] = await this.dataSource.query('SELECT app_id FROM profile WHERE id = $1', [profileId]);
      if (profile) await this.records.upsert(profile.app_id, profileId, list);
    }
  }

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

  private find(profileId: string, type: string, source: Source, externalIds: readonly string[]): Promise<Row[]> {
    return this.dataSource.query(
      `SELECT source, external_id, time, ${SCORED_FIELDS} FROM health_record
       WHERE app_id = (SELECT app_id FROM profile WHERE id = $1) AND profile_id = $1 AND type = $2 AND subtype = ''
         AND source = $3 AND external_id = ANY($4::text[])`,
      [profileId, type, source, [...externalIds]],
    );
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
