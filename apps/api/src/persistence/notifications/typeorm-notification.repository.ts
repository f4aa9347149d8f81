import { Notification, NotificationBatchProgress, NotificationRepository, NotificationStatus } from '@strive/domain';
import { Db, Row, toDate, toDateOrNull } from '../shared/db';

const COLUMNS = `id::text AS id, app_id::text AS app_id, title, body, data, image, profile_ids, status, last_device_id::text AS last_device_id,
  devices, sent, failed, unregistered, created_at, finished_at`;

function toNotification(row: Row): Notification {
  const profileIds = row.profile_ids as string[] | null;
  return {
    id: String(row.id),
    appId: String(row.app_id),
    content: { title: String(row.title), body: String(row.body), data: row.data as Record<string, string>, image: (row.image as string | null) ?? null },
    target: profileIds ? { kind: 'profiles', profileIds } : { kind: 'all' },
    status: row.status as NotificationStatus,
    counts: { devices: Number(row.devices), sent: Number(row.sent), failed: Number(row.failed), unregistered: Number(row.unregistered) },
    lastDeviceId: (row.last_device_id as string | null) ?? null,
    createdAt: toDate(row.created_at),
    finishedAt: toDateOrNull(row.finished_at),
  };
}

export class TypeOrmNotificationRepository implements NotificationRepository {
  constructor(private readonly db: Db) {}

  async create(n: Notification): Promise<void> {
    await this.db.query(
      `INSERT INTO notification (app_id, id, title, body, data, image, profile_ids, status, last_device_id, devices, sent, failed, unregistered, created_at, finished_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        n.appId, n.id, n.content.title, n.content.body, JSON.stringify(n.content.data), n.content.image,
        n.target.kind === 'profiles' ? JSON.stringify(n.target.profileIds) : null, n.status, n.lastDeviceId,
        n.counts.devices, n.counts.sent, n.counts.failed, n.counts.unregistered, n.createdAt, n.finishedAt,
      ],
    );
  }

  async findById(appId: string, id: string): Promise<Notification | null> {
    const rows: Row[] = await this.db.query(`SELECT ${COLUMNS} FROM notification WHERE app_id = $1 AND id = $2`, [appId, id]);
    return rows.length > 0 ? toNotification(rows[0]) : null;
  }

  async recordBatch(appId: string, id: string, progress: NotificationBatchProgress): Promise<boolean> {
    const { counts } = progress;
    const rows: Row[] = await this.db.query(
      // (A CTE, so that the driver answers rows as for a SELECT.)
      `WITH recorded AS (
         UPDATE notification SET status = 'sending', last_device_id = $3, devices = devices + $5, sent = sent + $6, failed = failed + $7,
           unregistered = unregistered + $8
         WHERE app_id = $1 AND id = $2 AND last_device_id IS NOT DISTINCT FROM $4::uuid AND status <> 'sent'
         RETURNING id)
       SELECT id FROM recorded`,
      [appId, id, progress.lastDeviceId, progress.after, counts.devices, counts.sent, counts.failed, counts.unregistered],
    );
    return rows.length > 0;
  }

  async finish(appId: string, id: string, at: Date): Promise<void> {
    await this.db.query(`UPDATE notification SET status = 'sent', finished_at = $3 WHERE app_id = $1 AND id = $2 AND status <> 'sent'`, [appId, id, at]);
  }
}
