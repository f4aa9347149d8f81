import { Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Clock, FanOutNotificationUseCase } from '@strive/domain';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG, CLOCK, DEVICE_REPOSITORY, NOTIFICATION_REPOSITORY, PUSH_SENDER, UNIT_OF_WORK } from '../../system/tokens';
import { useCaseProvider } from '../../system/use-case-provider';
import { ApnsPushSender } from './apns-push-sender';
import { FcmPushSender } from './fcm-push-sender';
import { PlatformPushSender } from './platform-push-sender';
import { RecordingPushSender } from './recording-push-sender';

/**
 * The push senders (FCM for android and web, APNs for ios, the recording stand-in for a platform
 * whose service is not configured) and the fan-out use case that the notification.fan_out job runs.
 */
@Module({
  providers: [
    {
      provide: PUSH_SENDER,
      useFactory: (config: AppConfig, dataSource: DataSource, clock: Clock): PlatformPushSender => {
        const recording = new RecordingPushSender(dataSource, () => clock.now());
        const fcm = config.pushSenders.fcm ? new FcmPushSender(config.pushSenders.fcm) : recording;
        return new PlatformPushSender({ ios: config.pushSenders.apns ? new ApnsPushSender(config.pushSenders.apns) : recording, android: fcm, web: fcm });
      },
      inject: [APP_CONFIG, DataSource, CLOCK],
    },
    useCaseProvider(FanOutNotificationUseCase, NOTIFICATION_REPOSITORY, DEVICE_REPOSITORY, UNIT_OF_WORK, PUSH_SENDER, CLOCK),
  ],
  exports: [FanOutNotificationUseCase],
})
export class NotificationSenderModule implements OnApplicationShutdown {
  constructor(@Inject(PUSH_SENDER) private readonly sender: PlatformPushSender) {}

  onApplicationShutdown(): void {
    this.sender.close();
  }
}
