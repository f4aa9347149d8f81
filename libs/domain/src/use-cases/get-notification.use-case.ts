import { Notification } from '../notifications/notification';
import { NotificationError } from '../notifications/notification-error';
import { NotificationRepository } from '../ports/notification-repository';

/** GET notification/{id}/: a notification of the app with the progress of its fan-out. */
export class GetNotificationUseCase {
  constructor(private readonly notifications: NotificationRepository) {}

  async execute(input: { readonly appId: string; readonly notificationId: string }): Promise<Notification> {
    const notification = await this.notifications.findById(input.appId, input.notificationId);
    if (!notification) throw NotificationError.notificationNotFound(input.notificationId);
    return notification;
  }
}
