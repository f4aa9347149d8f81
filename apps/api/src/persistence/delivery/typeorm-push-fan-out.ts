import { DataSource } from 'typeorm';

const BATCH = 1000;
const PRUNE_BATCH = 10_000;

const DELIVERY_INSERT = `INSERT INTO push_delivery (app_id, id, endpoint_id, event_id, data_type, event, body, status, attempts, next_attempt_at, window_start, created_at)`;

/**
 * Turns outbox rows into one push_delivery per (event, active endpoint of its data type), in
 * batches of 1000, each one statement: the rows it marks released are exactly the ones it fanned
 * out, and a row claimed by another process (SKIP LOCKED) is left to that process. Cost grows
 * with the events, never inside a request.
 */
export class TypeOrmPushFanOut {
  constructor(private readonly dataSource: DataSource) {}

  /** The data pushes waiting for release (every PUSH_INTERVAL_SECONDS); answers the deliveries created. */
  releaseDataPushes(now: Date): Promise<number> {
    return this.drain(
      `WITH batch AS (
         SELECT app_id, id FROM push_data_outbox WHERE released_at IS NULL ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
       ), released AS (
         UPDATE push_data_outbox o SET released_at = $1 FROM batch WHERE o.app_id = batch.app_id AND o.id = batch.id
         RETURNING o.app_id, o.id, o.data_type, o.body, o.created_at
       ), created AS (
         ${DELIVERY_INSERT}
         SELECT r.app_id, gen_random_uuid(), e.id, r.id, r.data_type, r.data_type, r.body, 'pending', 0, $1, $1, $1
         FROM released r JOIN push_endpoint e ON e.app_id = r.app_id AND e.data_type = r.data_type AND e.active
         ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING 1
       )
       SELECT (SELECT count(*) FROM released)::int AS events, (SELECT count(*) FROM created)::int AS deliveries`,
      now,
    );
  }

  /**
   * Challenge status events, at once. An endpoint receives the events written after it was
   * created (no backlog from before it existed).
   */
  releaseChallengeEvents(now: Date): Promise<number> {
    return this.drain(
      `WITH batch AS (
         SELECT app_id, id FROM challenge_event_outbox WHERE delivered_at IS NULL ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED
       ), released AS (
         UPDATE challenge_event_outbox o SET delivered_at = $1 FROM batch WHERE o.app_id = batch.app_id AND o.id = batch.id
         RETURNING o.app_id, o.id, o.event, o.payload, o.created_at
       ), created AS (
         ${DELIVERY_INSERT}
         SELECT r.app_id, gen_random_uuid(), e.id, r.id, 'challenge', r.event, r.payload::text, 'pending', 0, $1, $1, $1
         FROM released r JOIN push_endpoint e ON e.app_id = r.app_id AND e.data_type = 'challenge' AND e.active AND e.created_at <= r.created_at
         ON CONFLICT (endpoint_id, event_id) DO NOTHING RETURNING 1
       )
       SELECT (SELECT count(*) FROM released)::int AS events, (SELECT count(*) FROM created)::int AS deliveries`,
      now,
    );
  }

  /**
   * Retention, in bounded batches: released data pushes after 7 days, finished deliveries (with
   * their attempts) after 30 days. challenge_event_outbox rows stay: their dedupe keys keep an
   * event from being written twice.
   */
  async prune(now: Date): Promise<void> {
    const week = new Date(now.getTime() - 7 * 86_400_000);
    const month = new Date(now.getTime() - 30 * 86_400_000);
    await this.dataSource.query(
      `DELETE FROM push_data_outbox WHERE (app_id, id) IN (SELECT app_id, id FROM push_data_outbox WHERE released_at < $1 LIMIT ${PRUNE_BATCH})`,
      [week],
    );
    await this.dataSource.query(
      `WITH old AS (
         SELECT app_id, id FROM push_delivery WHERE status <> 'pending' AND created_at < $1 LIMIT ${PRUNE_BATCH}
       ), attempts AS (
         DELETE FROM push_attempt a USING old WHERE a.app_id = old.app_id AND a.delivery_id = old.id
       )
       DELETE FROM push_delivery d USING old WHERE d.app_id = old.app_id AND d.id = old.id`,
      [month],
    );
  }

  private async drain(sql: string, now: Date): Promise<number> {
    let deliveries = 0;
    for (;;) {
      const [row]: { events: number; deliveries: number }[] = await this.dataSource.query(sql, [now]);
      deliveries += row.deliveries;
      if (row.events < BATCH) return deliveries;
    }
  }
}
