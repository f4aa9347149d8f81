import { Module, Provider } from '@nestjs/common';
import {
  AwardEventPointsUseCase, GetPointsDefinitionUseCase, IngestHealthDataUseCase, RecordActivityUseCase, SetPointsDefinitionUseCase,
} from '@strive/domain';
import { IdentityModule } from '../../identity/identity.module';
import { useCaseProvider } from '../../system/use-case-provider';
import { CLOCK, ID_GENERATOR, POINTS_DEFINITION_REPOSITORY, PROFILE_REPOSITORY, UNIT_OF_WORK } from '../../system/tokens';
import { DataController } from './data.controller';
import { HealthDataReader } from './health-data-reader';
import { PointsController } from './points.controller';

const useCases: Provider[] = [
  useCaseProvider(IngestHealthDataUseCase, PROFILE_REPOSITORY, RecordActivityUseCase, CLOCK),
  useCaseProvider(AwardEventPointsUseCase, PROFILE_REPOSITORY, RecordActivityUseCase, ID_GENERATOR, CLOCK),
  useCaseProvider(GetPointsDefinitionUseCase, POINTS_DEFINITION_REPOSITORY),
  useCaseProvider(SetPointsDefinitionUseCase, UNIT_OF_WORK),
];

/** The health data platform: upload, the 21 pull endpoints, points definitions and events (issue 4). */
@Module({
  imports: [IdentityModule],
  controllers: [DataController, PointsController],
  providers: [...useCases, HealthDataReader],
  // The CLI's `demo seed` uploads through the same use case as POST profile/{id}/data/.
  exports: [IngestHealthDataUseCase],
})
export class DataModule {}
