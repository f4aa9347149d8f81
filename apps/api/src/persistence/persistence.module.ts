import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock, IdGenerator } from '@strive/domain';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import {
  ACTIVITY_REPOSITORY, ADMIN_TOKEN_REPOSITORY, APP_CONFIG, APP_REPOSITORY, CHALLENGE_REPOSITORY, CLOCK, HEALTH_RECORD_REPOSITORY, ID_GENERATOR,
  JOB_QUEUE, MEMBERSHIP_REPOSITORY, POINTS_DEFINITION_REPOSITORY, POINTS_EVENT_REPOSITORY, POINTS_LEDGER_REPOSITORY, PROFILE_REPOSITORY,
  SCORE_REPOSITORY, TEAM_REPOSITORY, UNIT_OF_WORK,
} from '../system/tokens';
import { CONNECTION_ATTEMPT_REPOSITORY, CONNECTION_REPOSITORY } from '../system/tokens';
import { TypeOrmConnectionAttemptRepository } from './connections/typeorm-connection-attempt.repository';
import { TypeOrmConnectionRepository } from './connections/typeorm-connection.repository';
import { repositoryProvider } from '../system/use-case-provider';
import { dataSourceOptions, initializeDataSource } from './data-source-options';
import { TypeOrmChallengeRepository } from './gamification/typeorm-challenge.repository';
import { TypeOrmMembershipRepository } from './gamification/typeorm-membership.repository';
import { TypeOrmScoreRepository } from './gamification/typeorm-score.repository';
import { TypeOrmTeamRepository } from './gamification/typeorm-team.repository';
import { TypeOrmAdminTokenRepository } from './identity/typeorm-admin-token.repository';
import { TypeOrmAppRepository } from './identity/typeorm-app.repository';
import { TypeOrmProfileRepository } from './identity/typeorm-profile.repository';
import { TypeOrmJobQueue } from './jobs/typeorm-job-queue';
import { TypeOrmPointsDefinitionRepository, TypeOrmPointsEventRepository, TypeOrmPointsLedgerRepository } from './points/typeorm-points.repository';
import { TypeOrmActivityRepository } from './records/typeorm-activity.repository';
import { TypeOrmHealthRecordRepository } from './records/typeorm-health-record.repository';
import { TypeOrmUnitOfWork } from './unit-of-work/typeorm-unit-of-work';
import { PreparedReads } from './shared/prepared-reads';
import { ChangeFeed } from './shared/change-feed';
import { PreparedBearerLookups } from './identity/prepared-bearer-lookups';
import { DEVICE_REPOSITORY, NOTIFICATION_REPOSITORY } from '../system/tokens';
import { TypeOrmDeviceRepository } from './notifications/typeorm-device.repository';
import { TypeOrmNotificationRepository } from './notifications/typeorm-notification.repository';
import { TypeOrmAppFeatureRepository } from './features/typeorm-app-feature.repository';
import { APP_FEATURE_REPOSITORY } from '../system/tokens';
import { TypeOrmProductRepository } from './loyalty/typeorm-product.repository';
import { TypeOrmShopSettingsRepository } from './loyalty/typeorm-shop-settings.repository';
import { PRODUCT_REPOSITORY, SHOP_SETTINGS_REPOSITORY } from '../system/tokens';

const REPOSITORIES = [
  repositoryProvider(APP_REPOSITORY, TypeOrmAppRepository),
  repositoryProvider(ADMIN_TOKEN_REPOSITORY, TypeOrmAdminTokenRepository),
  repositoryProvider(PROFILE_REPOSITORY, TypeOrmProfileRepository),
  repositoryProvider(HEALTH_RECORD_REPOSITORY, TypeOrmHealthRecordRepository),
  repositoryProvider(ACTIVITY_REPOSITORY, TypeOrmActivityRepository),
  repositoryProvider(POINTS_DEFINITION_REPOSITORY, TypeOrmPointsDefinitionRepository),
  repositoryProvider(POINTS_EVENT_REPOSITORY, TypeOrmPointsEventRepository),
  repositoryProvider(POINTS_LEDGER_REPOSITORY, TypeOrmPointsLedgerRepository),
  repositoryProvider(CHALLENGE_REPOSITORY, TypeOrmChallengeRepository),
  repositoryProvider(MEMBERSHIP_REPOSITORY, TypeOrmMembershipRepository),
  repositoryProvider(TEAM_REPOSITORY, TypeOrmTeamRepository),
  repositoryProvider(SCORE_REPOSITORY, TypeOrmScoreRepository),
  repositoryProvider(JOB_QUEUE, TypeOrmJobQueue),
  repositoryProvider(CONNECTION_REPOSITORY, TypeOrmConnectionRepository),
  repositoryProvider(CONNECTION_ATTEMPT_REPOSITORY, TypeOrmConnectionAttemptRepository),
  repositoryProvider(DEVICE_REPOSITORY, TypeOrmDeviceRepository),
  repositoryProvider(NOTIFICATION_REPOSITORY, TypeOrmNotificationRepository),
  repositoryProvider(APP_FEATURE_REPOSITORY, TypeOrmAppFeatureRepository),
  repositoryProvider(PRODUCT_REPOSITORY, TypeOrmProductRepository),
  repositoryProvider(SHOP_SETTINGS_REPOSITORY, TypeOrmShopSettingsRepository),
  {
    provide: UNIT_OF_WORK,
    useFactory: (dataSource: DataSource, ids: IdGenerator, clock: Clock) => new TypeOrmUnitOfWork(dataSource, ids, clock),
    inject: [DataSource, ID_GENERATOR, CLOCK],
  },
];

/**
 * The database connection and every adapter of a persistence port, bound here and nowhere else
 * (folders by feature: identity/, records/, points/, gamification/, jobs/, unit-of-work/).
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions(config),
        migrationsRun: config.migrationsRun,
        // A crashed boot should fail fast, not retry for minutes.
        retryAttempts: 2,
        retryDelay: 500,
      }),
      dataSourceFactory: (options) => initializeDataSource(options!),
    }),
  ],
  providers: [...REPOSITORIES, PreparedReads, PreparedBearerLookups, ChangeFeed],
  exports: [
    APP_REPOSITORY, ADMIN_TOKEN_REPOSITORY, PROFILE_REPOSITORY, HEALTH_RECORD_REPOSITORY, ACTIVITY_REPOSITORY, POINTS_DEFINITION_REPOSITORY,
    POINTS_EVENT_REPOSITORY, POINTS_LEDGER_REPOSITORY, CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, TEAM_REPOSITORY, SCORE_REPOSITORY, JOB_QUEUE,
    UNIT_OF_WORK,
    CONNECTION_REPOSITORY, CONNECTION_ATTEMPT_REPOSITORY,
    DEVICE_REPOSITORY, NOTIFICATION_REPOSITORY,
    APP_FEATURE_REPOSITORY,
    PRODUCT_REPOSITORY, SHOP_SETTINGS_REPOSITORY,
    PreparedReads, PreparedBearerLookups, ChangeFeed,
  ],
})
export class PersistenceModule {}
