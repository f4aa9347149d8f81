import { Global, Module, Provider } from '@nestjs/common';
import {
  RecordActivityUseCase, RecountAppPointsUseCase, RefreshProfilePointsUseCase, RescoreChallengeMembersUseCase, RescoreProfileChallengesUseCase,
} from '@strive/domain';
import {
  ACTIVITY_CHANGE_LISTENERS, CHALLENGE_REPOSITORY, CLOCK, JOB_QUEUE, MEMBER_RESCORER, MEMBERSHIP_REPOSITORY, POINTS_DEFINITION_REPOSITORY,
  PROFILE_REPOSITORY, UNIT_OF_WORK,
} from '../system/tokens';
import { useCaseProvider } from '../system/use-case-provider';

const providers: Provider[] = [
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
  useCaseProvider(RescoreChallengeMembersUseCase, UNIT_OF_WORK, MEMBERSHIP_REPOSITORY, POINTS_DEFINITION_REPOSITORY, CLOCK),
  { provide: MEMBER_RESCORER, useExisting: RescoreChallengeMembersUseCase },
  useCaseProvider(RecountAppPointsUseCase, UNIT_OF_WORK, PROFILE_REPOSITORY, CHALLENGE_REPOSITORY, JOB_QUEUE, RefreshProfilePointsUseCase, CLOCK),
];

/**
 * The write pipeline (docs/architecture.md "The write path"): the one write use case
 * (RecordActivityUseCase) with its listeners, whole-challenge rescoring (the MemberRescorer) and
 * the app points recount. Global, so that the data, gamification and job modules share it.
 */
@Global()
@Module({
  providers,
  exports: [MEMBER_RESCORER, RecordActivityUseCase, RescoreChallengeMembersUseCase, RecountAppPointsUseCase, RefreshProfilePointsUseCase],
})
export class WritePipelineModule {}
