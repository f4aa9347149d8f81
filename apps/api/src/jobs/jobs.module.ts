import { Module } from '@nestjs/common';
import {
  ChallengeRepository, Clock, EnrollAutomaticMembersUseCase, MemberRescorer, RecountAppPointsUseCase, RescoreChallengeMembersUseCase,
} from '@strive/domain';
import { SyncConnectionUseCase } from '@strive/domain';
import { AppConfig } from '../config/app-config';
import { ConnectionsModule } from '../connections/connections.module';
import { APP_CONFIG } from '../system/tokens';
import { connectionBackfillJob, connectionSyncJob } from './connection-sync.job';
import { ConnectionSyncTick } from './connection-sync.tick';
import { StriveMetrics } from '../metrics/strive-metrics';
import { TypeOrmUnitOfWork } from '../persistence/unit-of-work/typeorm-unit-of-work';
import { CHALLENGE_REPOSITORY, CLOCK, JOB_HANDLERS, MEMBER_RESCORER, TICKS, UNIT_OF_WORK } from '../system/tokens';
import { challengeEnrollAutomaticJob } from './challenge-enroll-automatic.job';
import { ChallengeLifecycleTick } from './challenge-lifecycle.tick';
import { challengeRescoreJob } from './challenge-rescore.job';
import { JobMaintenanceTick } from './job-maintenance.tick';
import { LeaderboardChangeRetentionTick } from './leaderboard-change-retention.tick';
import { JobRunner } from './job-runner';
import { PeriodicTicks } from './periodic-ticks';
import { pointsRecountJob } from './points-recount.job';
import { FanOutNotificationUseCase } from '@strive/domain';
import { NotificationSenderModule } from '../delivery/notifications/notification-sender.module';
import { notificationFanOutJob } from './notification-fan-out.job';
import { RecordedPushRetentionTick } from './recorded-push-retention.tick';
import { ScoringWorker } from './scoring-worker';
import { TableStatisticsTick } from './table-statistics.tick';

/** The job runner, the scoring worker and the periodic ticks, with every job handler and tick bound here, in one place. */
@Module({
  imports: [ConnectionsModule, NotificationSenderModule],
  providers: [
    {
      provide: JOB_HANDLERS,
      useFactory: (
        challenges: ChallengeRepository,
        recount: RecountAppPointsUseCase,
        rescore: RescoreChallengeMembersUseCase,
        enroll: EnrollAutomaticMembersUseCase,
        rescorer: MemberRescorer,
        sync: SyncConnectionUseCase,
        fanOut: FanOutNotificationUseCase,
        metrics: StriveMetrics,
      ) => [
        pointsRecountJob(recount), challengeRescoreJob(challenges, rescore, metrics), challengeEnrollAutomaticJob(challenges, enroll, rescorer),
        connectionBackfillJob(sync), connectionSyncJob(sync), notificationFanOutJob(fanOut),
      ],
      inject: [
        CHALLENGE_REPOSITORY, RecountAppPointsUseCase, RescoreChallengeMembersUseCase, EnrollAutomaticMembersUseCase, MEMBER_RESCORER,
        SyncConnectionUseCase, FanOutNotificationUseCase, StriveMetrics,
      ],
    },
    {
      provide: TICKS,
      useFactory: (unitOfWork: TypeOrmUnitOfWork, clock: Clock, config: AppConfig) => [
        new ChallengeLifecycleTick(unitOfWork, clock), new JobMaintenanceTick(),
        new ConnectionSyncTick(unitOfWork, clock, config.connections.syncIntervalMinutes), new RecordedPushRetentionTick(clock),
        new LeaderboardChangeRetentionTick(), new TableStatisticsTick(),
      ],
      inject: [UNIT_OF_WORK, CLOCK, APP_CONFIG],
    },
    JobRunner,
    ScoringWorker,
    PeriodicTicks,
  ],
  exports: [JobRunner, ScoringWorker, PeriodicTicks],
})
export class JobsModule {}
