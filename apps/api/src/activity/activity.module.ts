import { Global, Module, Provider } from '@nestjs/common';
import { TypeOrmActivityRepository } from '../persistence/repositories/typeorm-activity.repository';
import { TypeOrmHealthRecordRepository } from '../persistence/repositories/typeorm-health-record.repository';
import { TypeOrmPointsDefinitionRepository, TypeOrmPointsEventRepository, TypeOrmPointsLedgerRepository } from '../persistence/repositories/typeorm-points.repository';
import {
  ACTIVITY_REPOSITORY, HEALTH_RECORD_REPOSITORY, POINTS_DEFINITION_REPOSITORY, POINTS_EVENT_REPOSITORY,
  POINTS_LEDGER_REPOSITORY,
} from '../system/tokens';
import { repositoryProvider } from '../system/use-case-provider';
import { ActivityChangeNotifier } from './activity-change-notifier';

const providers: Provider[] = [
  ActivityChangeNotifier,
  repositoryProvider(HEALTH_RECORD_REPOSITORY, TypeOrmHealthRecordRepository),
  repositoryProvider(ACTIVITY_REPOSITORY, TypeOrmActivityRepository),
  repositoryProvider(POINTS_DEFINITION_REPOSITORY, TypeOrmPointsDefinitionRepository),
  repositoryProvider(POINTS_EVENT_REPOSITORY, TypeOrmPointsEventRepository),
  repositoryProvider(POINTS_LEDGER_REPOSITORY, TypeOrmPointsLedgerRepository),
];

/**
 * Activity data adapters and the change notifier, global so that the gamification module
 * can inject ACTIVITY_REPOSITORY, POINTS_EVENT_REPOSITORY (e.g. for DeduplicatedActivityHistory)
 * and ActivityChangeNotifier to register its rescoring listener.
 */
@Global()
@Module({
  providers,
  exports: [
    ActivityChangeNotifier, HEALTH_RECORD_REPOSITORY, ACTIVITY_REPOSITORY, POINTS_DEFINITION_REPOSITORY,
    POINTS_EVENT_REPOSITORY, POINTS_LEDGER_REPOSITORY,
  ],
})
export class ActivityModule {}
