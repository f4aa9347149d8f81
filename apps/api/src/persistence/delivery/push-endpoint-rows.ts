import { PushDataType, PushEndpoint, PushVersion } from '@strive/domain';
import { Row, toDate, toDateOrNull } from '../shared/db';

export const PUSH_ENDPOINT_COLUMNS =
  'app_id, id, data_type, url, active, version, secret, previous_secret, previous_secret_expires_at, failing_since, disabled_reason, created_at, updated_at';

/** A push_endpoint row (selected with PUSH_ENDPOINT_COLUMNS, optionally prefixed) as the domain's PushEndpoint. */
export function pushEndpointOf(row: Row, prefix = ''): PushEndpoint {
  const col = (name: string) => row[`${prefix}${name}`];
  return {
    appId: String(col('app_id')),
    id: String(col('id')),
    dataType: String(col('data_type')) as PushDataType,
    url: String(col('url')),
    active: Boolean(col('active')),
    version: String(col('version')) as PushVersion,
    secret: String(col('secret')),
    previousSecret: (col('previous_secret') as string | null) ?? null,
    previousSecretExpiresAt: toDateOrNull(col('previous_secret_expires_at')),
    failingSince: toDateOrNull(col('failing_since')),
    disabledReason: (col('disabled_reason') as string | null) ?? null,
    createdAt: toDate(col('created_at')),
    updatedAt: toDate(col('updated_at')),
  };
}

/** Inserts or replaces an endpoint row. */
export async function savePushEndpoint(db: { query(sql: string, params: unknown[]): Promise<unknown> }, e: PushEndpoint): Promise<void> {
  await db.query(
    `INSERT INTO push_endpoint (${PUSH_ENDPOINT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (app_id, id) DO UPDATE SET data_type = EXCLUDED.data_type, url = EXCLUDED.url, active = EXCLUDED.active,
       version = EXCLUDED.version, secret = EXCLUDED.secret, previous_secret = EXCLUDED.previous_secret,
       previous_secret_expires_at = EXCLUDED.previous_secret_expires_at, failing_since = EXCLUDED.failing_since,
       disabled_reason = EXCLUDED.disabled_reason, updated_at = EXCLUDED.updated_at`,
    [e.appId, e.id, e.dataType, e.url, e.active, e.version, e.secret, e.previousSecret, e.previousSecretExpiresAt, e.failingSince, e.disabledReason, e.createdAt, e.updatedAt],
  );
}
