import { Injectable } from '@nestjs/common';
import { DevicePlatform, NotificationContent } from '@strive/domain';
import { DataSource } from 'typeorm';
import { Row, toDate } from '../../persistence/shared/db';

export interface RecordedPush {
  readonly platform: DevicePlatform;
  readonly token: string;
  readonly message: NotificationContent;
  readonly recordedAt: Date;
}

/** What the recording sender kept for one notification, in the order it was kept (the operator's view). */
@Injectable()
export class RecordedPushReader {
  constructor(private readonly dataSource: DataSource) {}

  async page(appId: string, notificationId: string, limit: number, offset: number): Promise<{ count: number; items: RecordedPush[] }> {
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT platform, token, message, recorded_at FROM recorded_push WHERE app_id = $1 AND notification_id = $2 ORDER BY id LIMIT $3 OFFSET $4`,
        [appId, notificationId, limit, offset],
      ) as Promise<Row[]>,
      this.dataSource.query('SELECT count(*)::int AS n FROM recorded_push WHERE app_id = $1 AND notification_id = $2', [appId, notificationId]) as Promise<Row[]>,
    ]);
    return {
      count: Number(counted[0].n),
      items: rows.map((row) => ({
        platform: row.platform as DevicePlatform,
        token: String(row.token),
        message: row.message as NotificationContent,
        recordedAt: toDate(row.recorded_at),
      })),
    };
  }
}
