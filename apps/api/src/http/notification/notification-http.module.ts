import { Module, Provider } from '@nestjs/common';
import {
  GetNotificationUseCase, RegisterDeviceUseCase, RemoveDeviceUseCase, SendNotificationToAllUseCase, SendNotificationToProfilesUseCase,
} from '@strive/domain';
import { RecordedPushReader } from '../../delivery/notifications/recorded-push-reader';
import { IdentityModule } from '../../identity/identity.module';
import { CLOCK, DEVICE_REPOSITORY, ID_GENERATOR, NOTIFICATION_REPOSITORY, PROFILE_REPOSITORY, UNIT_OF_WORK } from '../../system/tokens';
import { useCaseProvider } from '../../system/use-case-provider';
import { DeviceController } from './device.controller';
import { NotificationController } from './notification.controller';

const useCases: Provider[] = [
  useCaseProvider(RegisterDeviceUseCase, PROFILE_REPOSITORY, DEVICE_REPOSITORY, ID_GENERATOR, CLOCK),
  useCaseProvider(RemoveDeviceUseCase, PROFILE_REPOSITORY, DEVICE_REPOSITORY),
  useCaseProvider(SendNotificationToAllUseCase, UNIT_OF_WORK, ID_GENERATOR, CLOCK),
  useCaseProvider(SendNotificationToProfilesUseCase, UNIT_OF_WORK, ID_GENERATOR, CLOCK),
  useCaseProvider(GetNotificationUseCase, NOTIFICATION_REPOSITORY),
];

/** Devices and notifications over HTTP (issue 12); the fan-out itself is a job (NotificationSenderModule). */
@Module({
  imports: [IdentityModule],
  controllers: [DeviceController, NotificationController],
  providers: [...useCases, RecordedPushReader],
})
export class NotificationHttpModule {}
