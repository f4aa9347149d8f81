import { Module, Provider } from '@nestjs/common';
import {
  AwardEventPointsUseCase, GetPointsDefinitionUseCase, IngestHealthDataUseCase,
  RefreshProfilePointsUseCase, SetPointsDefinitionUseCase,
} from '@strive/domain';
import { ActivityChangeNotifier } from '../../activity/activity-change-notifier';
import { ActivityModule } from '../../activity/activity.module';
import { IdentityModule } from '../../identity/identity.module';
import { useCaseProvider } from '../../system/use-case-provider';
import {
  CLOCK, HEALTH_RECORD_REPOSITORY, ID_GENERATOR, POINTS_DEFINITION_REPOSITORY, POINTS_EVENT_REPOSITORY,
  POINTS_LEDGER_REPOSITORY, PROFILE_REPOSITORY,
} from '../../system/tokens';
import { DataController } from './data.controller';
import { HealthDataReader } from './health-data-reader';
import { PointsController } from './points.controller';

const useCases: Provider[] = [
  useCaseProvider(RefreshProfilePointsUseCase, POINTS_DEFINITION_REPOSITORY, HEALTH_RECORD_REPOSITORY, POINTS_LEDGER_REPOSITORY, PROFILE_REPOSITORY),
  useCaseProvider(IngestHealthDataUseCase, HEALTH_RECORD_REPOSITORY, PROFILE_REPOSITORY, RefreshProfilePointsUseCase, ActivityChangeNotifier, CLOCK),
  useCaseProvider(AwardEventPointsUseCase, POINTS_EVENT_REPOSITORY, PROFILE_REPOSITORY, ID_GENERATOR, CLOCK),
  useCaseProvider(GetPointsDefinitionUseCase, POINTS_DEFINITION_REPOSITORY),
  useCaseProvider(SetPointsDefinitionUseCase, POINTS_DEFINITION_REPOSITORY),
];

/** The health data platform: upload, the 21 pull endpoints, points definitions and events (issue 4). */
@Module({
  imports: [ActivityModule, IdentityModule],
  controllers: [DataController, PointsController],
  providers: [...useCases, HealthDataReader],
  exports: [RefreshProfilePointsUseCase],
})
export class DataModule {}
