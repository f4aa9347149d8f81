import { Module, Provider } from '@nestjs/common';
import {
  ActivityRepository, AwardEventPointsUseCase, Clock, ComputeTotalPointsUseCase, GetPointsDefinitionUseCase, HealthRecordRepository,
  IdGenerator, IngestHealthDataUseCase, PointsDefinitionRepository, PointsEventRepository, PointsLedgerRepository, ProfileRepository,
  RefreshProfilePointsUseCase,
  SetPointsDefinitionUseCase,
} from '@strive/domain';
import { ActivityChangeNotifier } from '../../activity/activity-change-notifier';
import { ActivityModule } from '../../activity/activity.module';
import { IdentityModule } from '../../identity/identity.module';
import {
  ACTIVITY_REPOSITORY, CLOCK, HEALTH_RECORD_REPOSITORY, ID_GENERATOR, POINTS_DEFINITION_REPOSITORY, POINTS_EVENT_REPOSITORY,
  POINTS_LEDGER_REPOSITORY, PROFILE_REPOSITORY,
} from '../../system/tokens';
import { DataController } from './data.controller';
import { HealthDataReader } from './health-data-reader';
import { PointsController } from './points.controller';

const useCases: Provider[] = [
  {
    provide: ComputeTotalPointsUseCase,
    useFactory: (d: PointsDefinitionRepository, a: ActivityRepository, e: PointsEventRepository, p: ProfileRepository) =>
      new ComputeTotalPointsUseCase(d, a, e, p),
    inject: [POINTS_DEFINITION_REPOSITORY, ACTIVITY_REPOSITORY, POINTS_EVENT_REPOSITORY, PROFILE_REPOSITORY],
  },
  {
    provide: RefreshProfilePointsUseCase,
    useFactory: (d: PointsDefinitionRepository, r: HealthRecordRepository, l: PointsLedgerRepository, p: ProfileRepository) =>
      new RefreshProfilePointsUseCase(d, r, l, p),
    inject: [POINTS_DEFINITION_REPOSITORY, HEALTH_RECORD_REPOSITORY, POINTS_LEDGER_REPOSITORY, PROFILE_REPOSITORY],
  },
  {
    provide: IngestHealthDataUseCase,
    useFactory: (r: HealthRecordRepository, p: ProfileRepository, t: RefreshProfilePointsUseCase, n: ActivityChangeNotifier, c: Clock) =>
      new IngestHealthDataUseCase(r, p, t, n, c),
    inject: [HEALTH_RECORD_REPOSITORY, PROFILE_REPOSITORY, RefreshProfilePointsUseCase, ActivityChangeNotifier, CLOCK],
  },
  {
    provide: AwardEventPointsUseCase,
    useFactory: (e: PointsEventRepository, p: ProfileRepository, i: IdGenerator, c: Clock) => new AwardEventPointsUseCase(e, p, i, c),
    inject: [POINTS_EVENT_REPOSITORY, PROFILE_REPOSITORY, ID_GENERATOR, CLOCK],
  },
  {
    provide: GetPointsDefinitionUseCase,
    useFactory: (d: PointsDefinitionRepository) => new GetPointsDefinitionUseCase(d),
    inject: [POINTS_DEFINITION_REPOSITORY],
  },
  {
    provide: SetPointsDefinitionUseCase,
    useFactory: (d: PointsDefinitionRepository) => new SetPointsDefinitionUseCase(d),
    inject: [POINTS_DEFINITION_REPOSITORY],
  },
];

/** The health data platform: upload, the 21 pull endpoints, points definitions and events (issue 4). */
@Module({
  imports: [ActivityModule, IdentityModule],
  controllers: [DataController, PointsController],
  providers: [...useCases, HealthDataReader],
  exports: [ComputeTotalPointsUseCase, RefreshProfilePointsUseCase],
})
export class DataModule {}
