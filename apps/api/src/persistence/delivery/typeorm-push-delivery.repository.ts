import { PushDelivery, PushDeliveryQuery, PushDeliveryRecord, PushDeliveryRepository } from '@strive/domain';
import { Db, Row } from '../shared/db';
import { PUSH_DELIVERY_COLUMNS, pushAttemptOf, pushDeliveryOf } from './push-delivery-rows';

/** The delivery log (push_delivery with push_attempt), newest first. */
export class TypeOrmPushDeliveryRepository implements PushDeliveryRepository {
  constructor(private readonly db: Db) {}

  async find(appId: string, id: string): Promise<PushDeliveryRecord | null> {
    const rows: Row[] = await this.db.query(`SELECT ${PUSH_DELIVERY_COLUMNS} FROM push_delivery WHERE app_id = $1 AND id = $2`, [appId, id]);
    if (rows.length === 0) return null;
    return (await this.withAttempts(appId, rows.map((row) => pushDeliveryOf(row))))[0];
  }

  async page(query: PushDeliveryQuery): Promise<PushDeliveryRecord[]> {
    const params: unknown[] = [query.appId];
    const where = ['app_id = $1'];
    const add = (sql: string, value: unknown) => {
      params.push(value);
      where.push(sql.replace('?', `$${params.length}`));
    };
    if (query.endpointId !== undefined) add('endpoint_id = ?::uuid', query.endpointId);
    if (query.event !== undefined) add('event = ?', query.event);
    if (query.status !== undefined) add('status = ?', query.status);
    const older = query.direction === 'older';
    if (query.position) {
      params.push(query.position.createdAt, query.position.id);
      where.push(`(created_at, id) ${older ? '<' : '>'} ($${params.length - 1}::timestamptz, $${params.length}::uuid)`);
    }
    params.push(query.limit);
    const order = older ? 'DESC' : 'ASC';
    const rows: Row[] = await this.db.query(
      `SELECT ${PUSH_DELIVERY_COLUMNS} FROM push_delivery WHERE ${where.join(' AND ')}
       ORDER BY created_at ${order}, id ${order} LIMIT $${params.length}`,
      params,
    );
    const deliveries = rows.map((row) => pushDeliveryOf(row));
    if (!older) deliveries.reverse();
    return this.withAttempts(query.appId, deliveries);
  }

  async requeue(d: PushDelivery): Promise<boolean> {
    const [row]: { n: number }[] = await this.db.query(
      `WITH requeued AS (
         UPDATE push_delivery SET status = $3, attempts = $4, next_attempt_at = $5, window_start = $6, last_error = $7, delivered_at = $8
         WHERE app_id = $1 AND id = $2 AND status <> 'pending'
         RETURNING id
       ) SELECT count(*)::int AS n FROM requeued`,
      [d.appId, d.id, d.status, d.attempts, d.nextAttemptAt, d.windowStart, d.lastError, d.deliveredAt],
    );
    return row.n === 1;
  }

  private async withAttempts(appId: string, deliveries: PushDelivery[]): Promise<PushDeliveryRecord[]> {
    if (deliveries.length === 0) return [];
    const rows: Row[] = await this.db.query(
      'SELECT delivery_id, at, status_code, latency_ms, error FROM push_attempt WHERE app_id = $1 AND delivery_id = ANY($2::uuid[]) ORDER BY delivery_id, attempt',
      [appId, deliveries.map((d) => d.id)],
    );
    const byDelivery = new Map<string, ReturnType<typeof pushAttemptOf>[]>();
    for (const row of rows) byDelivery.set(String(row.delivery_id), [...(byDelivery.get(String(row.delivery_id)) ?? []), pushAttemptOf(row)]);
    return deliveries.map((delivery) => ({ delivery, attempts: byDelivery.get(delivery.id) ?? [] }));
  }
}
