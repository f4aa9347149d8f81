import { addCounts, Notification } from '../src/notifications/notification';
import { NotificationBatchProgress, NotificationRepository } from '../src/ports/notification-repository';

export class InMemoryNotificationRepository implements NotificationRepository {
  readonly notifications = new Map<string, Notification>();

  async create(notification: Notification): Promise<void> {
    this.notifications.set(notification.id, notification);
  }

  async findById(appId: string, id: string): Promise<Notification | null> {
    const notification = this.notifications.get(id);
    return notification && notification.appId === appId ? notification : null;
  }

  async recordBatch(appId: string, id: string, progress: NotificationBatchProgress): Promise<boolean> {
    const notification = await this.findById(appId, id);
    if (!notification || notification.lastDeviceId !== progress.after) return false;
    this.notifications.set(id, { ...notification, status: 'sending', lastDeviceId: progress.lastDeviceId, counts: addCounts(notification.counts, progress.counts) });
    return true;
  }

  async finish(appId: string, id: string, at: Date): Promise<void> {
    const notification = await this.findById(appId, id);
    if (notification) this.notifications.set(id, { ...notification, status: 'sent', finishedAt: at });
  }
}
