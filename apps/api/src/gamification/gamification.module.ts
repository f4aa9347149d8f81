import { Global, Module, OnModuleInit, Provider } from '@nestjs/common';
import {
  ActivityRepository, AddChallengeMembersUseCase, AddTeamMembersUseCase, PointsDefinitionRepository, PointsEventRepository, ChallengeRepository, Clock, CreateChallengeUseCase, CreateTeamUseCase,
  DeduplicatedActivityHistory, DeleteChallengeUseCase, DeleteTeamUseCase, EnrollAutomaticMembersUseCase, GetLeaderboardUseCase,
  GetScoreHistoryUseCase, IdGenerator, JoinChallengeUseCase, JoinTeamUseCase, LeaveChallengeUseCase, LeaveTeamUseCase,
  MembershipRepository, ProfileRepository, RemoveChallengeMembersUseCase, RemoveTeamMembersUseCase, RenameTeamUseCase,
  ScoreRepository, SetMemberActiveUseCase, SetMembersActiveUseCase, TeamRepository, UpdateChallengeUseCase,
} from '@strive/domain';
import { DataSource } from 'typeorm';
import { TypeOrmChallengeRepository } from '../persistence/gamification/typeorm-challenge.repository';
import { TypeOrmMembershipRepository } from '../persistence/gamification/typeorm-membership.repository';
import { TypeOrmScoreRepository } from '../persistence/gamification/typeorm-score.repository';
import { TypeOrmTeamRepository } from '../persistence/gamification/typeorm-team.repository';
import { ActivityChangeNotifier } from '../activity/activity-change-notifier';
import {
  ACTIVITY_HISTORY, ACTIVITY_REPOSITORY, CHALLENGE_REPOSITORY, POINTS_DEFINITION_REPOSITORY, POINTS_EVENT_REPOSITORY, CLOCK, ID_GENERATOR, MEMBERSHIP_REPOSITORY, PROFILE_CREATED_LISTENERS,
  PROFILE_REPOSITORY, SCORE_REPOSITORY, TEAM_REPOSITORY,
} from '../system/tokens';
import { ChallengeViews } from './challenge-views';
import { LeaderboardCache } from './leaderboard-cache';
import { GamificationReads } from './gamification-reads';
import { GamificationScoring } from './gamification-scoring';

const adapter = (token: symbol, build: (dataSource: DataSource) => unknown): Provider => ({
  provide: token,
  useFactory: build,
  inject: [DataSource],
});

const R = [CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, TEAM_REPOSITORY, PROFILE_REPOSITORY, CLOCK];
type Repos = [ChallengeRepository, MembershipRepository, TeamRepository, ProfileRepository, Clock];

const useCases: Provider[] = [
  { provide: JoinChallengeUseCase, useFactory: (...r: Repos) => new JoinChallengeUseCase(...r), inject: R },
  { provide: AddChallengeMembersUseCase, useFactory: (...r: Repos) => new AddChallengeMembersUseCase(...r), inject: R },
  { provide: EnrollAutomaticMembersUseCase, useFactory: (...r: Repos) => new EnrollAutomaticMembersUseCase(...r), inject: R },
  {
    provide: LeaveChallengeUseCase,
    useFactory: (c: ChallengeRepository, m: MembershipRepository, clock: Clock) => new LeaveChallengeUseCase(c, m, clock),
    inject: [CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, CLOCK],
  },
  {
    provide: SetMemberActiveUseCase,
    useFactory: (c: ChallengeRepository, m: MembershipRepository, clock: Clock) => new SetMemberActiveUseCase(c, m, clock),
    inject: [CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, CLOCK],
  },
  {
    provide: SetMembersActiveUseCase,
    useFactory: (c: ChallengeRepository, m: MembershipRepository, clock: Clock) => new SetMembersActiveUseCase(c, m, clock),
    inject: [CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, CLOCK],
  },
  {
    provide: RemoveChallengeMembersUseCase,
    useFactory: (c: ChallengeRepository, m: MembershipRepository, clock: Clock) => new RemoveChallengeMembersUseCase(c, m, clock),
    inject: [CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, CLOCK],
  },
  {
    provide: CreateChallengeUseCase,
    useFactory: (c: ChallengeRepository, ids: IdGenerator) => new CreateChallengeUseCase(c, ids),
    inject: [CHALLENGE_REPOSITORY, ID_GENERATOR],
  },
  {
    provide: UpdateChallengeUseCase,
    useFactory: (c: ChallengeRepository, m: MembershipRepository, s: ScoreRepository, clock: Clock) =>
      new UpdateChallengeUseCase(c, m, s, clock),
    inject: [CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, SCORE_REPOSITORY, CLOCK],
  },
  { provide: DeleteChallengeUseCase, useFactory: (c: ChallengeRepository) => new DeleteChallengeUseCase(c), inject: [CHALLENGE_REPOSITORY] },
  {
    provide: GetLeaderboardUseCase,
    useFactory: (s: ScoreRepository, clock: Clock) => new GetLeaderboardUseCase(s, clock),
    inject: [SCORE_REPOSITORY, CLOCK],
  },
  {
    provide: GetScoreHistoryUseCase,
    useFactory: (s: ScoreRepository, clock: Clock) => new GetScoreHistoryUseCase(s, clock),
    inject: [SCORE_REPOSITORY, CLOCK],
  },
  {
    provide: CreateTeamUseCase,
    useFactory: (t: TeamRepository, ids: IdGenerator, clock: Clock) => new CreateTeamUseCase(t, ids, clock),
    inject: [TEAM_REPOSITORY, ID_GENERATOR, CLOCK],
  },
  { provide: RenameTeamUseCase, useFactory: (t: TeamRepository) => new RenameTeamUseCase(t), inject: [TEAM_REPOSITORY] },
  {
    provide: DeleteTeamUseCase,
    useFactory: (t: TeamRepository, m: MembershipRepository, p: ProfileRepository) => new DeleteTeamUseCase(t, m, p),
    inject: [TEAM_REPOSITORY, MEMBERSHIP_REPOSITORY, PROFILE_REPOSITORY],
  },
  {
    provide: JoinTeamUseCase,
    useFactory: (t: TeamRepository, p: ProfileRepository, clock: Clock) => new JoinTeamUseCase(t, p, clock),
    inject: [TEAM_REPOSITORY, PROFILE_REPOSITORY, CLOCK],
  },
  {
    provide: AddTeamMembersUseCase,
    useFactory: (t: TeamRepository, p: ProfileRepository, clock: Clock) => new AddTeamMembersUseCase(t, p, clock),
    inject: [TEAM_REPOSITORY, PROFILE_REPOSITORY, CLOCK],
  },
  {
    provide: LeaveTeamUseCase,
    useFactory: (t: TeamRepository, p: ProfileRepository) => new LeaveTeamUseCase(t, p),
    inject: [TEAM_REPOSITORY, PROFILE_REPOSITORY],
  },
  {
    provide: RemoveTeamMembersUseCase,
    useFactory: (t: TeamRepository, p: ProfileRepository) => new RemoveTeamMembersUseCase(t, p),
    inject: [TEAM_REPOSITORY, PROFILE_REPOSITORY],
  },
];

/**
 * Gamification (issue 5): challenge, membership, team and score adapters, the use cases bound to
 * them, live scoring, and the profile-created hook (AUTOMATIC enrollment). Global so that the
 * identity module can pick up PROFILE_CREATED_LISTENERS and the data platform the scoring listener.
 */
@Global()
@Module({
  providers: [
    adapter(CHALLENGE_REPOSITORY, (ds) => new TypeOrmChallengeRepository(ds)),
    adapter(MEMBERSHIP_REPOSITORY, (ds) => new TypeOrmMembershipRepository(ds)),
    adapter(TEAM_REPOSITORY, (ds) => new TypeOrmTeamRepository(ds)),
    adapter(SCORE_REPOSITORY, (ds) => new TypeOrmScoreRepository(ds)),
    {
      provide: ACTIVITY_HISTORY,
      useFactory: (activities: ActivityRepository, events: PointsEventRepository) => new DeduplicatedActivityHistory(activities, events),
      inject: [ACTIVITY_REPOSITORY, POINTS_EVENT_REPOSITORY],
    },
    { provide: GamificationReads, useFactory: (ds: DataSource) => new GamificationReads(ds), inject: [DataSource] },
    {
      provide: GamificationScoring,
      useFactory: (
        ds: DataSource, c: ChallengeRepository, m: MembershipRepository, s: ScoreRepository, clock: Clock, ids: IdGenerator,
        history: DeduplicatedActivityHistory, definitions: PointsDefinitionRepository,
      ) => new GamificationScoring(ds, c, m, s, clock, ids, history, definitions),
      inject: [
        DataSource, CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, SCORE_REPOSITORY, CLOCK, ID_GENERATOR, ACTIVITY_HISTORY,
        POINTS_DEFINITION_REPOSITORY,
      ],
    },
    {
      provide: PROFILE_CREATED_LISTENERS,
      // A new profile has no data yet: enrolling it is enough, there is nothing to score.
      useFactory: (enroll: EnrollAutomaticMembersUseCase) => [enroll.asProfileCreatedListener()],
      inject: [EnrollAutomaticMembersUseCase],
    },
    ChallengeViews,
    LeaderboardCache,
    ...useCases,
  ],
  exports: [
    CHALLENGE_REPOSITORY, MEMBERSHIP_REPOSITORY, TEAM_REPOSITORY, SCORE_REPOSITORY, PROFILE_CREATED_LISTENERS, GamificationScoring,
    GamificationReads, ChallengeViews, LeaderboardCache, ...useCases.map((p) => (p as { provide: unknown }).provide as never),
  ],
})
export class GamificationModule implements OnModuleInit {
  constructor(
    private readonly notifier: ActivityChangeNotifier,
    private readonly scoring: GamificationScoring,
  ) {}

  /** Live scoring: ingestion and events rescore the profile's challenges before they answer. */
  onModuleInit(): void {
    this.notifier.register(this.scoring);
  }
}
