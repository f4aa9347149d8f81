import { Global, Module, Provider } from '@nestjs/common';
import {
  QueueProfileScoringUseCase, RecordActivityUseCase, RecountAppPointsUseCase, RefreshProfilePointsUseCase, RescoreChallengeMembersUseCase,
  RescoreProfileChallengesUseCase, ScoreQueuedChangesUseCase,
} from '@strive/domain';
import {
  ACTIVITY_CHANGE_LISTENERS, CHALLENGE_REPOSITORY, CLOCK, JOB_QUEUE, MEMBER_RESCORER, MEMBERSHIP_REPOSITORY, POINTS_DEFINITION_REPOSITORY,
  PROFILE_REPOSITORY, UNIT_OF_WORK,
} from '../system/tokens';
import { useCaseProvider } from '../system/use-case-provider';
import { StriveMetrics } from '../metrics/strive-metrics';
import { timedActivityListener } from '../metrics/timed-activity-listener';

const providers: Provider[] = [
  useCaseProvider(RefreshProfilePointsUseCase),
  useCaseProvider(QueueProfileScoringUseCase, CLOCK),
  useCaseProvider(RescoreProfileChallengesUseCase, CLOCK),
  useCaseProvider(ScoreQueuedChangesUseCase, UNIT_OF_WORK, RefreshProfilePointsUseCase, RescoreProfileChallengesUseCase),
  {
    // What follows every stored activity change, inside its transaction: the change queued for
    // its points and challenge scores (the ScoringWorker settles it). Add a listener here, nowhere else.
    provide: ACTIVITY_CHANGE_LISTENERS,
    // Each timed into strive_rescore_duration_seconds{trigger}.
    useFactory: (scoring: QueueProfileScoringUseCase, metrics: StriveMetrics) => [timedActivityListener('write.queue_scoring', scoring, metrics)],
    inject: [QueueProfileScoringUseCase, StriveMetrics],
  },
  useCaseProvider(RecordActivityUseCase, UNIT_OF_WORK, ACTIVITY_CHANGE_LISTENERS),
  useCaseProvider(RescoreChallengeMembersUseCase, UNIT_OF_WORK, MEMBERSHIP_REPOSITORY, POINTS_DEFINITION_REPOSITORY, CLOCK),
  { provide: MEMBER_RESCORER, useExisting: RescoreChallengeMembersUseCase },
  useCaseProvider(RecountAppPointsUseCase, UNIT_OF_WORK, PROFILE_REPOSITORY, CHALLENGE_REPOSITORY, JOB_QUEUE, RefreshProfilePointsUseCase, CLOCK),
];

/**
 * The write pipeline (docs/architecture.md "The write path"): the one write use case
 * (RecordActivityUseCase) with its listeners, live scoring of what it queued
 * (ScoreQueuedChangesUseCase, run by the ScoringWorker), whole-challenge rescoring (the
 * MemberRescorer) and the app points recount. Global, so that the data, gamification and job
 * modules share it.
 */
@Global()
@Module({
  providers,
  exports: [
    MEMBER_RESCORER, RecordActivityUseCase, ScoreQueuedChangesUseCase, RescoreChallengeMembersUseCase, RecountAppPointsUseCase,
  ],
})
export class WritePipelineModule {}
