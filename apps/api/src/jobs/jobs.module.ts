import { Module } from '@nestjs/common';
import {
  ChallengeRepository, Clock, EnrollAutomaticMembersUseCase, MemberRescorer, RecountAppPointsUseCase, RescoreChallengeMembersUseCase,
} from '@strive/domain';
import { StriveMetrics } from '../metrics/strive-metrics';
import { TypeOrmUnitOfWork } from '../persistence/unit-of-work/typeorm-unit-of-work';
import { CHALLENGE_REPOSITORY, CLOCK, JOB_HANDLERS, MEMBER_RESCORER, TICKS, UNIT_OF_WORK } from '../system/tokens';
import { challengeEnrollAutomaticJob } from './challenge-enroll-automatic.job';
import { ChallengeLifecycleTick } from './challenge-lifecycle.tick';
import { challengeRescoreJob } from './challenge-rescore.job';
import { JobMaintenanceTick } from './job-maintenance.tick';
import { JobRunner } from './job-runner';
import { PeriodicTicks } from './periodic-ticks';
import { pointsRecountJob } from './points-recount.job';

/** The job runner and the periodic ticks, with every job handler and tick bound here, in one place. */
@Module({
  providers: [
    {
      provide: JOB_HANDLERS,
      useFactory: (
        challenges: ChallengeRepository,
        recount: RecountAppPointsUseCase,
        rescore: RescoreChallengeMembersUseCase,
        enroll: EnrollAutomaticMembersUseCase,
        rescorer: MemberRescorer,
        metrics: StriveMetrics,
      ) => [pointsRecountJob(recount), challengeRescoreJob(challenges, rescore, metrics), challengeEnrollAutomaticJob(challenges, enroll, rescorer)],
      inject: [CHALLENGE_REPOSITORY, RecountAppPointsUseCase, RescoreChallengeMembersUseCase, EnrollAutomaticMembersUseCase, MEMBER_RESCORER, StriveMetrics],
    },
    {
      provide: TICKS,
      useFactory: (unitOfWork: TypeOrmUnitOfWork, clock: Clock) => [new ChallengeLifecycleTick(unitOfWork, clock), new JobMaintenanceTick()],
      inject: [UNIT_OF_WORK, CLOCK],
    },
    JobRunner,
    PeriodicTicks,
  ],
  exports: [JobRunner, PeriodicTicks],
})
export class JobsModule {}
