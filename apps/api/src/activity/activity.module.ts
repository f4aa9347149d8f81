import { Global, Module, Provider } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TypeOrmActivityRepository } from '../persistence/repositories/typeorm-activity.repository';
import { TypeOrmHealthRecordRepository } from '../persistence/repositories/typeorm-health-record.repository';
import { TypeOrmPointsDefinitionRepository, TypeOrmPointsEventRepository, TypeOrmPointsLedgerRepository } from '../persistence/repositories/typeorm-points.repository';
import {
  ACTIVITY_CHANGE_LISTENERS, ACTIVITY_REPOSITORY, HEALTH_RECORD_REPOSITORY, POINTS_DEFINITION_REPOSITORY, POINTS_EVENT_REPOSITORY,
  POINTS_LEDGER_REPOSITORY,
} from '../system/tokens';
import { ActivityChangeNotifier } from './activity-change-notifier';

const repository = (token: symbol, Adapter: new (dataSource: DataSource) => unknown): Provider => ({
  provide: token,
  useFactory: (dataSource: DataSource) => new Adapter(dataSource),
  inject: [DataSource],
});

const providers: Provider[] = [
  // One array shared by every injector: listeners registered anywhere are seen by the notifier.
  { provide: ACTIVITY_CHANGE_LISTENERS, useValue: [] },
  ActivityChangeNotifier,
  repository(HEALTH_RECORD_REPOSITORY, TypeOrmHealthRecordRepository),
  repository(ACTIVITY_REPOSITORY, TypeOrmActivityRepository),
  repository(POINTS_DEFINITION_REPOSITORY, TypeOrmPointsDefinitionRepository),
  repository(POINTS_EVENT_REPOSITORY, TypeOrmPointsEventRepository),
  repository(POINTS_LEDGER_REPOSITORY, TypeOrmPointsLedgerRepository),
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
    ACTIVITY_CHANGE_LISTENERS, ActivityChangeNotifier, HEALTH_RECORD_REPOSITORY, ACTIVITY_REPOSITORY, POINTS_DEFINITION_REPOSITORY,
    POINTS_EVENT_REPOSITORY, POINTS_LEDGER_REPOSITORY,
  ],
})
export class ActivityModule {}
