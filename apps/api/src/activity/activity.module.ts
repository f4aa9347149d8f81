import { Global, Module, Provider } from '@nestjs/common';
import {
  RecordActivityUseCase, RecountAppPointsUseCase, RefreshProfilePointsUseCase, RescoreChallengeMembersUseCase, RescoreProfileChallengesUseCase,
} from '@strive/domain';
import { DataSource } from 'typeorm';
import { TypeOrmScoringBatchReader } from '../persistence/gamification/typeorm-scoring-batch-reader';
import { TypeOrmJobQueue } from '../persistence/jobs/typeorm-job-queue';
import { TypeOrmActivityRepository } from '../persistence/repositories/typeorm-activity.repository';
import { TypeOrmHealthRecordRepository } from '../persistence/repositories/typeorm-health-record.repository';
import { TypeOrmPointsDefinitionRepository, TypeOrmPointsEventRepository, TypeOrmPointsLedgerRepository } from '../persistence/repositories/typeorm-points.repository';
import { TypeOrmUnitOfWork } from '../persistence/unit-of-work/typeorm-unit-of-work';
import {
  ACTIVITY_CHANGE_LISTENERS, ACTIVITY_REPOSITORY, CHALLENGE_REPOSITORY, CLOCK, HEALTH_RECORD_REPOSITORY, ID_GENERATOR, JOB_QUEUE,
  MEMBER_RESCORER, MEMBERSHIP_REPOSITORY, POINTS_DEFINITION_REPOSITORY, POINTS_EVENT_REPOSITORY, POINTS_LEDGER_REPOSITORY,
  PROFILE_REPOSITORY, SCORING_BATCH_READER, UNIT_OF_WORK,
} from '../system/tokens';
import { repositoryProvider, useCaseProvider } from '../system/use-case-provider';

const providers: Provider[] = [
  repositoryProvider(HEALTH_RECORD_REPOSITORY, TypeOrmHealthRecordRepository),
  repositoryProvider(ACTIVITY_REPOSITORY, TypeOrmActivityRepository),
  repositoryProvider(POINTS_DEFINITION_REPOSITORY, TypeOrmPointsDefinitionRepository),
  repositoryProvider(POINTS_EVENT_REPOSITORY, TypeOrmPointsEventRepository),
  repositoryProvider(POINTS_LEDGER_REPOSITORY, TypeOrmPointsLedgerRepository),
  repositoryProvider(JOB_QUEUE, TypeOrmJobQueue),
  repositoryProvider(SCORING_BATCH_READER, TypeOrmScoringBatchReader),
  { provide: UNIT_OF_WORK, useFactory: (dataSource: DataSource, ids) => new TypeOrmUnitOfWork(dataSource, ids), inject: [DataSource, ID_GENERATOR] },
  useCaseProvider(RefreshProfilePointsUseCase),
  useCaseProvider(RescoreProfileChallengesUseCase, CLOCK),
  {
    // What follows every stored activity change, inside its transaction: the points ledger,
    // then the scores of the profile's challenges. Add a listener here, nowhere else.
    provide: ACTIVITY_CHANGE_LISTENERS,
    useFactory: (ledger: RefreshProfilePointsUseCase, scoring: RescoreProfileChallengesUseCase) => [ledger, scoring],
    inject: [RefreshProfilePointsUseCase, RescoreProfileChallengesUseCase],
  },
  useCaseProvider(RecordActivityUseCase, UNIT_OF_WORK, ACTIVITY_CHANGE_LISTENERS),
  useCaseProvider(RescoreChallengeMembersUseCase, UNIT_OF_WORK, SCORING_BATCH_READER, MEMBERSHIP_REPOSITORY, POINTS_DEFINITION_REPOSITORY, CLOCK),
  { provide: MEMBER_RESCORER, useExisting: RescoreChallengeMembersUseCase },
  useCaseProvider(RecountAppPointsUseCase, UNIT_OF_WORK, PROFILE_REPOSITORY, CHALLENGE_REPOSITORY, JOB_QUEUE, RefreshProfilePointsUseCase, CLOCK),
];

/**
 * The write pipeline (docs/architecture.md "The write path"): the data platform's adapters, the
 * unit of work, the one write use case (RecordActivityUseCase) with its listeners, the job queue
 * and whole-challenge rescoring. Global, so that the data, gamification and job modules share it.
 */
@Global()
@Module({
  providers,
  exports: [
    HEALTH_RECORD_REPOSITORY, ACTIVITY_REPOSITORY, POINTS_DEFINITION_REPOSITORY, POINTS_EVENT_REPOSITORY, POINTS_LEDGER_REPOSITORY,
    JOB_QUEUE, UNIT_OF_WORK, MEMBER_RESCORER, RecordActivityUseCase, RescoreChallengeMembersUseCase, RecountAppPointsUseCase,
    RefreshProfilePointsUseCase,
  ],
})
export class ActivityModule {}
