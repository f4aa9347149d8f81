import { Device, DEVICE_PLATFORMS } from '../notifications/device';
import { addCounts, NO_COUNTS, NotificationCounts } from '../notifications/notification';
import { Clock } from '../ports/clock';
import { DeviceRepository } from '../ports/device-repository';
import { NotificationRepository } from '../ports/notification-repository';
import { PushMessage, PushSender } from '../ports/push-sender';
import { UnitOfWork } from '../ports/unit-of-work';

/** Devices per batch: one page read, one send per platform, one recording transaction. */
export const FAN_OUT_BATCH_SIZE = 500;

export interface FanOutNotificationInput {
  readonly appId: string;
  readonly notificationId: string;
}

/**
 * The notification.fan_out job: pages through the targeted devices in id order, sends each
 * batch through the push sender (one call per platform), then records the batch in one
 * transaction: its counts, the progress (the batch's last device id) and the removal of the
 * tokens the service reported unregistered. A retried job resumes after the last recorded
 * batch, so a batch already recorded is never sent again; a run that finds the progress moved
 * by another run stops. A sender that throws (service unreachable) fails the job, which the
 * runner retries with backoff: the unrecorded batch is sent again then. Answers the counts.
 */
export class FanOutNotificationUseCase {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly devices: DeviceRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly sender: PushSender,
    private readonly clock: Clock,
    private readonly batchSize: number = FAN_OUT_BATCH_SIZE,
  ) {}

  async execute(input: FanOutNotificationInput): Promise<NotificationCounts> {
    const notification = await this.notifications.findById(input.appId, input.notificationId);
    if (!notification) return NO_COUNTS; // deleted with its app
    if (notification.status === 'sent') return notification.counts;
    const message: PushMessage = { appId: notification.appId, notificationId: notification.id, content: notification.content };
    const profileIds = notification.target.kind === 'profiles' ? notification.target.profileIds : undefined;
    let after = notification.lastDeviceId;
    let counts = notification.counts;
    for (;;) {
      const batch = await this.devices.page(notification.appId, { profileIds, afterId: after, limit: this.batchSize });
      if (batch.length === 0) break;
      const { batchCounts, unregistered } = await this.send(batch, message);
      const lastDeviceId = batch[batch.length - 1].id;
      const recorded = await this.unitOfWork.run(async (ports) => {
        if (!(await ports.notifications.recordBatch(notification.appId, notification.id, { after, lastDeviceId, counts: batchCounts }))) return false;
        await ports.devices.removeTokens(notification.appId, unregistered);
        return true;
      });
      if (!recorded) return counts;
      counts = addCounts(counts, batchCounts);
      after = lastDeviceId;
      if (batch.length < this.batchSize) break;
    }
    await this.notifications.finish(notification.appId, notification.id, this.clock.now());
    return counts;
  }

  private async send(batch: readonly Device[], message: PushMessage): Promise<{ batchCounts: NotificationCounts; unregistered: string[] }> {
    let batchCounts = NO_COUNTS;
    const unregistered: string[] = [];
    for (const platform of DEVICE_PLATFORMS) {
      const tokens = batch.filter((device) => device.platform === platform).map((device) => device.token);
      if (tokens.length === 0) continue;
      const result = await this.sender.send(platform, tokens, message);
      // Only tokens of this batch count: a sender never removes what it was not asked about.
      const asked = new Set(tokens);
      const reported = result.unregistered.filter((token) => asked.has(token));
      unregistered.push(...reported);
      batchCounts = addCounts(batchCounts, { devices: tokens.length, sent: result.sent, failed: result.failed, unregistered: reported.length });
    }
    return { batchCounts, unregistered };
  }
}
