import { DevicePlatform, PushBatchResult, PushMessage, PushSender } from '@strive/domain';
import { DataSource } from 'typeorm';

/**
 * The stand-in for a platform whose push service is not configured: keeps what would have been
 * sent, one recorded_push row per token (one INSERT per batch), readable by the app's
 * administrator at GET /notification/{id}/recorded/. Every token counts as sent.
 */
export class RecordingPushSender implements PushSender {
  constructor(
    private readonly dataSource: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(platform: DevicePlatform, tokens: readonly string[], message: PushMessage): Promise<PushBatchResult> {
    if (tokens.length === 0) return { sent: 0, failed: 0, unregistered: [] };
    const { title, body, data, image } = message.content;
    await this.dataSource.query(
      `INSERT INTO recorded_push (app_id, notification_id, platform, token, message, recorded_at)
       SELECT $1, $2, $3, token, $5::jsonb, $6 FROM unnest($4::text[]) AS token`,
      [message.appId, message.notificationId, platform, [...tokens], JSON.stringify({ title, body, data, image }), this.now()],
    );
    return { sent: tokens.length, failed: 0, unregistered: [] };
  }
}
