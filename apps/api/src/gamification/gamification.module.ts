import { Global, Module, Provider } from '@nestjs/common';
import {
  AddChallengeMembersUseCase, AddTeamMembersUseCase, CreateChallengeUseCase, CreateTeamUseCase, DeleteChallengeUseCase,
  DeleteTeamUseCase, EnrollAutomaticMembersUseCase, GetLeaderboardUseCase, GetScoreHistoryUseCase,
  JoinChallengeUseCase, JoinTeamUseCase, LeaveChallengeUseCase, LeaveTeamUseCase, RemoveChallengeMembersUseCase,
  RemoveTeamMembersUseCase, RenameTeamUseCase, SetMemberActiveUseCase, SetMembersActiveUseCase,
  UpdateChallengeUseCase,
} from '@strive/domain';
import { DataSource } from 'typeorm';
import { useCaseProvider } from '../system/use-case-provider';
import {
  CHALLENGE_REPOSITORY, CLOCK, ID_GENERATOR, MEMBER_RESCORER, MEMBERSHIP_REPOSITORY, PROFILE_CREATED_LISTENERS, PROFILE_REPOSITORY,
  SCORE_REPOSITORY, TEAM_REPOSITORY, UNIT_OF_WORK,
} from '../system/tokens';
import { ChallengeSnapshots } from './challenge-snapshots';
import { LeaderboardCache } from './leaderboard-cache';
import { GamificationReads } from './gamification-reads';

/** The ports of the membership use cases that may pick a profile's team. */
const MEMBERSHIP_PORTS = [CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, TEAM_REPOSITORY, PROFILE_REPOSITORY, CLOCK];

/** Moves that enroll profiles score them through the MemberRescorer port. */
const ENROLLING_PORTS = [...MEMBERSHIP_PORTS, MEMBER_RESCORER];
const TEAM_JOIN_PORTS = [TEAM_REPOSITORY, PROFILE_REPOSITORY, CLOCK, EnrollAutomaticMembersUseCase, CHALLENGE_REPOSITORY, MEMBER_RESCORER];

const useCases: Provider[] = [
  useCaseProvider(JoinChallengeUseCase, ...ENROLLING_PORTS),
  useCaseProvider(AddChallengeMembersUseCase, ...ENROLLING_PORTS),
  useCaseProvider(EnrollAutomaticMembersUseCase, ...MEMBERSHIP_PORTS),
  useCaseProvider(LeaveChallengeUseCase, CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, CLOCK),
  useCaseProvider(SetMemberActiveUseCase, CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, CLOCK),
  useCaseProvider(SetMembersActiveUseCase, CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, CLOCK),
  useCaseProvider(RemoveChallengeMembersUseCase, CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, CLOCK, PROFILE_REPOSITORY),
  useCaseProvider(CreateChallengeUseCase, UNIT_OF_WORK, ID_GENERATOR, CLOCK),
  useCaseProvider(UpdateChallengeUseCase, UNIT_OF_WORK, CLOCK),
  useCaseProvider(DeleteChallengeUseCase, CHALLENGE_REPOSITORY),
  useCaseProvider(GetLeaderboardUseCase, SCORE_REPOSITORY, CLOCK, MEMBERSHIP_REPOSITORY),
  useCaseProvider(GetScoreHistoryUseCase, SCORE_REPOSITORY, CLOCK),
  useCaseProvider(CreateTeamUseCase, TEAM_REPOSITORY, ID_GENERATOR, CLOCK),
  useCaseProvider(RenameTeamUseCase, TEAM_REPOSITORY),
  useCaseProvider(DeleteTeamUseCase, TEAM_REPOSITORY, MEMBERSHIP_REPOSITORY, PROFILE_REPOSITORY),
  useCaseProvider(JoinTeamUseCase, ...TEAM_JOIN_PORTS),
  useCaseProvider(AddTeamMembersUseCase, ...TEAM_JOIN_PORTS),
  useCaseProvider(LeaveTeamUseCase, TEAM_REPOSITORY, PROFILE_REPOSITORY),
  useCaseProvider(RemoveTeamMembersUseCase, TEAM_REPOSITORY, PROFILE_REPOSITORY),
];

/**
 * Gamification (issue 5): challenge, membership, team and score adapters, the use cases bound to
 * them, and the profile-created hook (AUTOMATIC enrollment). Global so that the identity module can
 * pick up PROFILE_CREATED_LISTENERS (live scoring is the write pipeline's: WritePipelineModule).
 */
@Global()
@Module({
  providers: [
    useCaseProvider(GamificationReads, DataSource),
    {
      provide: PROFILE_CREATED_LISTENERS,
      // A new profile has no data yet: enrolling it is enough, there is nothing to score.
      useFactory: (enroll: EnrollAutomaticMembersUseCase) => [enroll.asProfileCreatedListener()],
      inject: [EnrollAutomaticMembersUseCase],
    },
    ChallengeSnapshots,
    LeaderboardCache,
    ...useCases,
  ],
  exports: [
    PROFILE_CREATED_LISTENERS,
    GamificationReads, ChallengeSnapshots, LeaderboardCache, ...useCases.map((p) => (p as { provide: unknown }).provide as never),
  ],
})
export class GamificationModule {}
