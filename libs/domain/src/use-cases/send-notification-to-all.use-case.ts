import { createNotification, Notification, NotificationContentInput, readNotificationContent } from '../notifications/notification';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { UnitOfWork } from '../ports/unit-of-work';

export interface SendNotificationToAllInput extends NotificationContentInput {
  readonly appId: string;
}

/**
 * POST notification/send_to_all/: stores the notification and its fan-out job in one
 * transaction and answers at once; the job (FanOutNotificationUseCase) reaches the devices.
 */
export class SendNotificationToAllUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: SendNotificationToAllInput): Promise<Notification> {
    const content = readNotificationContent(input);
    const notification = createNotification(this.ids.uuid(), input.appId, content, { kind: 'all' }, this.clock.now());
    await this.unitOfWork.run(async (ports) => {
      await ports.notifications.create(notification);
      await ports.jobs.enqueue({ type: 'notification.fan_out', appId: notification.appId, notificationId: notification.id });
    });
    return notification;
  }
}
