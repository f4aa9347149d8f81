import {
  createNotification, Notification, NotificationContentInput, readNotificationContent, readNotificationProfiles,
} from '../notifications/notification';
import { NotificationError } from '../notifications/notification-error';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { UnitOfWork } from '../ports/unit-of-work';

export interface SendNotificationToProfilesInput extends NotificationContentInput {
  readonly appId: string;
  readonly profileIds: readonly string[];
}

/**
 * POST notification/send_to_profiles/: every listed profile must be a profile of the app (else
 * 400 naming the others, and nothing is stored or sent); then as send_to_all, for their devices.
 */
export class SendNotificationToProfilesUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: SendNotificationToProfilesInput): Promise<Notification> {
    const content = readNotificationContent(input);
    const profileIds = readNotificationProfiles(input.profileIds);
    return this.unitOfWork.run(async (ports) => {
      const existing = new Set(await ports.profiles.findExistingIds(input.appId, profileIds));
      const unknown = profileIds.filter((id) => !existing.has(id));
      if (unknown.length > 0) throw NotificationError.unknownProfiles(unknown);
      const notification = createNotification(this.ids.uuid(), input.appId, content, { kind: 'profiles', profileIds }, this.clock.now());
      await ports.notifications.create(notification);
      await ports.jobs.enqueue({ type: 'notification.fan_out', appId: notification.appId, notificationId: notification.id });
      return notification;
    });
  }
}
