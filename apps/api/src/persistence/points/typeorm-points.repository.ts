import {
  DayPoints, PointsDefinition, PointsDefinitionRepository, PointsEvent, PointsEventRepository, PointsLedgerRepository, RecordTimeRange,
} from '@strive/domain';
import { atomically, Db, toDate } from '../shared/db';

/** points_definition: one JSON document per app. */
export class TypeOrmPointsDefinitionRepository implements PointsDefinitionRepository {
  constructor(private readonly dataSource: Db) {}

  async findByApp(appId: string): Promise<PointsDefinition | null> {
    const [row] = await this.dataSource.query('SELECT definition FROM points_definition WHERE app_id = $1', [appId]);
    if (!row) return null;
    const definition = typeof row.definition === 'string' ? JSON.parse(row.definition) : row.definition;
    return { ...definition, appId };
  }

  async save(definition: PointsDefinition): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO points_definition (app_id, definition) VALUES ($1, $2::jsonb)
       ON CONFLICT (app_id) DO UPDATE SET definition = EXCLUDED.definition, updated_at = now()`,
      [definition.appId, JSON.stringify(definition)],
    );
  }
}

interface EventRow {
  id: string;
  profile_id: string;
  name: string;
  points: number | string;
  timestamp: Date | string;
  activity_type: string | null;
  reference: string;
}

export function toPointsEvent(row: EventRow): PointsEvent {
  return {
    id: row.id,
    profileId: row.profile_id,
    name: row.name,
    points: Number(row.points),
    timestamp: toDate(row.timestamp),
    activityType: row.activity_type,
    reference: row.reference,
  };
}

/** points_event: the ledger of events that awarded points. */
export class TypeOrmPointsEventRepository implements PointsEventRepository {
  constructor(private readonly dataSource: Db) {}

  async save(event: PointsEvent): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO points_event (app_id, id, profile_id, name, points, timestamp, activity_type, reference)
       SELECT app_id, $2, id, $3, $4, $5, $6, $7 FROM profile WHERE id = $1`,
      [event.profileId, event.id, event.name, event.points, event.timestamp.toISOString(), event.activityType, event.reference],
    );
  }

  async listByProfile(profileId: string, range: RecordTimeRange = {}): Promise<PointsEvent[]> {
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT id, profile_id, name, points, timestamp, activity_type, reference FROM points_event
       WHERE app_id = (SELECT app_id FROM profile WHERE id = $1) AND profile_id = $1
         AND ($2::timestamptz IS NULL OR timestamp >= $2) AND ($3::timestamptz IS NULL OR timestamp <= $3)
       ORDER BY timestamp, id`,
      [profileId, range.from?.toISOString() ?? null, range.to?.toISOString() ?? null],
    );
    return rows.map(toPointsEvent);
  }

  /** One page of a profile's events in (timestamp, id) order, for GET profile/{id}/event/. */
  async page(query: {
    appId: string; profileId: string; from?: Date; to?: Date; direction: 'forward' | 'backward';
    position?: { time: Date; id: string | null }; limit: number;
  }): Promise<PointsEvent[]> {
    const params: unknown[] = [query.appId, query.profileId];
    const clauses = ['app_id = $1', 'profile_id = $2'];
    const add = (clause: (p: string) => string, value: unknown) => {
      params.push(value);
      clauses.push(clause(`$${params.length}`));
    };
    if (query.from) add((p) => `timestamp >= ${p}`, query.from.toISOString());
    if (query.to) add((p) => `timestamp <= ${p}`, query.to.toISOString());
    const op = query.direction === 'forward' ? '>' : '<';
    if (query.position) {
      params.push(query.position.time.toISOString(), query.position.id ?? '00000000-0000-0000-0000-000000000000');
      clauses.push(`(timestamp, id) ${op} ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    const direction = query.direction === 'forward' ? 'ASC' : 'DESC';
    params.push(query.limit);
    const rows: EventRow[] = await this.dataSource.query(
      `SELECT id, profile_id, name, points, timestamp, activity_type, reference FROM points_event
       WHERE ${clauses.join(' AND ')} ORDER BY timestamp ${direction}, id ${direction} LIMIT $${params.length}`,
      params,
    );
    return rows.map(toPointsEvent);
  }
}

/** The points of a profile's events ($1 app, $2 profile). */
const EVENT_POINTS = '(SELECT coalesce(sum(points), 0) FROM points_event WHERE app_id = $1 AND profile_id = $2)';

/** profile_points_day: the points of each day of a profile (see PointsLedgerRepository). */
export class TypeOrmPointsLedgerRepository implements PointsLedgerRepository {
  constructor(private readonly dataSource: Db) {}

  async saveDays(appId: string, profileId: string, days: readonly DayPoints[], replaceAll: boolean): Promise<number> {
    // A day without points has no row: settling a change of a profile deleted meanwhile (its
    // records gone, so every day zero) writes nothing.
    const earned = days.filter((d) => d.dailySummaries !== 0 || d.workouts !== 0);
    const none = days.filter((d) => d.dailySummaries === 0 && d.workouts === 0).map((d) => d.day);
    const upsertParams = [appId, profileId, earned.map((d) => d.day), earned.map((d) => d.dailySummaries), earned.map((d) => d.workouts)];
    const upsert = `INSERT INTO profile_points_day (app_id, profile_id, day, daily_summary_points, workout_points)
      SELECT $1, $2, d.day, d.daily, d.workouts FROM unnest($3::date[], $4::float8[], $5::float8[]) AS d(day, daily, workouts)
      ON CONFLICT (app_id, profile_id, day) DO UPDATE
        SET daily_summary_points = EXCLUDED.daily_summary_points, workout_points = EXCLUDED.workout_points`;
    if (replaceAll) {
      return atomically(this.dataSource, async (db) => {
        await db.query('DELETE FROM profile_points_day WHERE app_id = $1 AND profile_id = $2', [appId, profileId]);
        await db.query(upsert, upsertParams);
        return this.total(appId, profileId, db);
      });
    }
    // One round trip: the statement's own snapshot does not see the rows it writes or deletes, so
    // the total adds the earning days to the stored days that are not among the given ones.
    const [row] = await this.dataSource.query(
      `WITH saved AS (${upsert}),
       dropped AS (DELETE FROM profile_points_day WHERE app_id = $1 AND profile_id = $2 AND day = ANY($6::date[]))
       SELECT (SELECT coalesce(sum(daily + workouts), 0) FROM unnest($4::float8[], $5::float8[]) AS d(daily, workouts))
            + (SELECT coalesce(sum(p.daily_summary_points + p.workout_points), 0)
               FROM profile_points_day p LEFT JOIN (SELECT unnest($3::date[]) UNION ALL SELECT unnest($6::date[])) AS given(day) ON given.day = p.day
               WHERE p.app_id = $1 AND p.profile_id = $2 AND given.day IS NULL)
            + ${EVENT_POINTS} AS total`,
      [...upsertParams, none],
    );
    return Number(row.total);
  }

  private async total(appId: string, profileId: string, runner: Db): Promise<number> {
    const [row] = await runner.query(
      `SELECT (SELECT coalesce(sum(daily_summary_points + workout_points), 0) FROM profile_points_day WHERE app_id = $1 AND profile_id = $2)
            + ${EVENT_POINTS} AS total`,
      [appId, profileId],
    );
    return Number(row.total);
  }
}
