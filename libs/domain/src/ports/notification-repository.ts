import { Notification, NotificationCounts } from '../notifications/notification';

export interface NotificationBatchProgress {
  /** The progress the batch started from (the notification's lastDeviceId when it was read). */
  readonly after: string | null;
  /** The last device of the batch. */
  readonly lastDeviceId: string;
  /** The batch's own counts, added to the notification's. */
  readonly counts: NotificationCounts;
}

/** Notifications sent by an app and the progress of their fan-out. */
export interface NotificationRepository {
  create(notification: Notification): Promise<void>;
  /** The notification if it belongs to the app, else null. */
  findById(appId: string, id: string): Promise<Notification | null>;
  /**
   * Records a sent batch: adds its counts, moves lastDeviceId and marks the notification
   * 'sending', only if its progress is still `after` (false otherwise: another run recorded
   * that batch, and this one must stop).
   */
  recordBatch(appId: string, id: string, progress: NotificationBatchProgress): Promise<boolean>;
  /** Marks the fan-out finished ('sent'). */
  finish(appId: string, id: string, at: Date): Promise<void>;
}
