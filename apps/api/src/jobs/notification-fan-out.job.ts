import { FanOutNotificationUseCase } from '@strive/domain';
import { JobHandler } from './job-handler';

/** notification.fan_out: the notification reaches every targeted device, batch by batch (resumes after the last recorded batch). */
export const notificationFanOutJob = (useCase: FanOutNotificationUseCase): JobHandler<'notification.fan_out'> => ({
  type: 'notification.fan_out',
  run: (job) => useCase.execute({ appId: job.appId, notificationId: job.notificationId }),
});
