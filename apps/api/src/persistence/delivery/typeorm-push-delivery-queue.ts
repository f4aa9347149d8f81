import { ClaimedPushDelivery, PushAttempt, PushDelivery, PushDeliveryQueue, PushEndpoint } from '@strive/domain';
import { DataSource } from 'typeorm';
import { inTransaction, Row } from '../shared/db';
import { PUSH_ENDPOINT_COLUMNS, pushEndpointOf, savePushEndpoint } from './push-endpoint-rows';
import { PUSH_DELIVERY_COLUMNS, pushDeliveryOf } from './push-delivery-rows';

const MAX_ERROR_LENGTH = 500;

/**
 * Claims due deliveries with FOR UPDATE SKIP LOCKED and a lease (no transaction stays open while a
 * receiver answers). At most one delivery per endpoint is in flight (push_endpoint.busy_until), so
 * a slow or hanging receiver holds one worker, never the deliveries of other endpoints.
 */
export class TypeOrmPushDeliveryQueue implements PushDeliveryQueue {
  constructor(private readonly dataSource: DataSource) {}

  async claim(now: Date, leaseMs: number, leaseToken: string): Promise<ClaimedPushDelivery | null> {
    // Endpoint by endpoint (active, not busy), the earliest due delivery of each through the
    // (endpoint_id, next_attempt_at) index: the cost follows the number of endpoints, not the
    // backlog. The endpoint row is locked and marked busy in the same statement: a claimer that
    // meets the lock skips it; one that reads it after the commit re-checks busy_until and skips it.
    const rows: Row[] = await this.dataSource.query(
      `WITH picked AS (
         SELECT d.app_id, d.id, d.endpoint_id FROM push_endpoint e
         CROSS JOIN LATERAL (
           SELECT p.app_id, p.id, p.endpoint_id, p.next_attempt_at FROM push_delivery p
           WHERE p.endpoint_id = e.id AND p.status = 'pending' AND p.next_attempt_at <= $1 AND (p.lease_until IS NULL OR p.lease_until <= $1)
           ORDER BY p.next_attempt_at
           LIMIT 1
         ) d
         WHERE e.active AND (e.busy_until IS NULL OR e.busy_until <= $1)
         ORDER BY d.next_attempt_at
         LIMIT 1
         FOR UPDATE OF e SKIP LOCKED
       ), claimed AS (
         -- Checked again on the row as it is now: another worker may have claimed and finished it
         -- after this statement's snapshot was taken.
         UPDATE push_delivery d SET lease_until = $2, lease_token = $3 FROM picked
         WHERE d.app_id = picked.app_id AND d.id = picked.id AND d.status = 'pending' AND (d.lease_until IS NULL OR d.lease_until <= $1)
         RETURNING ${PUSH_DELIVERY_COLUMNS.split(', ').map((c) => `d.${c}`).join(', ')}, d.body
       ), busy AS (
         UPDATE push_endpoint e SET busy_until = $2 FROM claimed WHERE e.app_id = claimed.app_id AND e.id = claimed.endpoint_id
       )
       SELECT claimed.*, ${PUSH_ENDPOINT_COLUMNS.split(', ').map((c) => `e.${c} AS e_${c}`).join(', ')}
       FROM claimed JOIN push_endpoint e ON e.app_id = claimed.app_id AND e.id = claimed.endpoint_id`,
      [now, new Date(now.getTime() + leaseMs), leaseToken],
    );
    if (rows.length === 0) return null;
    return { delivery: pushDeliveryOf(rows[0]), endpoint: pushEndpointOf(rows[0], 'e_'), body: String(rows[0].body), leaseToken };
  }

  async complete(claimed: ClaimedPushDelivery, attempt: PushAttempt, d: PushDelivery, endpointAfter: (current: PushEndpoint) => PushEndpoint): Promise<boolean> {
    // The common case, a success on an endpoint with no failure streak, leaves the endpoint as it
    // is (only this worker changes its streak while it is busy): one statement, no transaction.
    if (endpointAfter(claimed.endpoint) === claimed.endpoint) {
      const [row]: { done: number }[] = await this.dataSource.query(`${this.finishSql} SELECT count(*)::int AS done FROM done`, this.finishParams(claimed, attempt, d));
      return row.done > 0;
    }
    return inTransaction(this.dataSource, async (db) => {
      const [row]: { done: number }[] = await db.query(`${this.finishSql} SELECT count(*)::int AS done FROM done`, this.finishParams(claimed, attempt, d));
      if (row.done === 0) return false;
      const rows: Row[] = await db.query(`SELECT ${PUSH_ENDPOINT_COLUMNS} FROM push_endpoint WHERE app_id = $1 AND id = $2 FOR UPDATE`, [d.appId, d.endpointId]);
      if (rows.length > 0) {
        const current = pushEndpointOf(rows[0]);
        const after = endpointAfter(current);
        if (after !== current) await savePushEndpoint(db, after);
      }
      return true;
    });
  }

  /**
   * Under the lease only: the delivery's new state, its attempt row, the endpoint free again.
   * (CTEs ending in a SELECT: they answer rows on PostgreSQL and PGlite alike.)
   */
  private readonly finishSql = `WITH done AS (
      UPDATE push_delivery SET status = $4, attempts = $5, next_attempt_at = $6, last_error = $7, delivered_at = $8, lease_until = NULL, lease_token = NULL
      WHERE app_id = $1 AND id = $2 AND lease_token = $3 RETURNING app_id, id, endpoint_id
    ), logged AS (
      INSERT INTO push_attempt (app_id, delivery_id, attempt, at, status_code, latency_ms, error)
      SELECT app_id, id, $5, $9, $10, $11, $12 FROM done
    ), freed AS (
      UPDATE push_endpoint e SET busy_until = NULL FROM done WHERE e.app_id = done.app_id AND e.id = done.endpoint_id
    )`;

  private finishParams(claimed: ClaimedPushDelivery, attempt: PushAttempt, d: PushDelivery): unknown[] {
    return [
      d.appId, d.id, claimed.leaseToken, d.status, d.attempts, d.nextAttemptAt, d.lastError?.slice(0, MAX_ERROR_LENGTH) ?? null, d.deliveredAt,
      attempt.at, attempt.statusCode, Math.round(attempt.latencyMs), attempt.error?.slice(0, MAX_ERROR_LENGTH) ?? null,
    ];
  }
}
