import { PushAttempt, PushDataType, PushDelivery, PushDeliveryStatus } from '@strive/domain';
import { Row, toDate, toDateOrNull } from '../shared/db';

export const PUSH_DELIVERY_COLUMNS =
  'app_id, id, endpoint_id, event_id, data_type, event, status, attempts, next_attempt_at, window_start, last_error, delivered_at, created_at';

export function pushDeliveryOf(row: Row, prefix = ''): PushDelivery {
  const col = (name: string) => row[`${prefix}${name}`];
  return {
    appId: String(col('app_id')),
    id: String(col('id')),
    endpointId: String(col('endpoint_id')),
    eventId: String(col('event_id')),
    dataType: String(col('data_type')) as PushDataType,
    event: String(col('event')),
    status: String(col('status')) as PushDeliveryStatus,
    attempts: Number(col('attempts')),
    nextAttemptAt: toDateOrNull(col('next_attempt_at')),
    windowStart: toDate(col('window_start')),
    lastError: (col('last_error') as string | null) ?? null,
    deliveredAt: toDateOrNull(col('delivered_at')),
    createdAt: toDate(col('created_at')),
  };
}

export function pushAttemptOf(row: Row): PushAttempt {
  return {
    at: toDate(row.at),
    statusCode: row.status_code === null ? null : Number(row.status_code),
    latencyMs: Number(row.latency_ms),
    error: (row.error as string | null) ?? null,
  };
}
