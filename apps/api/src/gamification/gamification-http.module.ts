import { Module } from '@nestjs/common';
import { AppTotalsController } from '../http/app-totals/app-totals.controller';
import { ChallengeLeaderboardController } from '../http/challenge/challenge-leaderboard.controller';
import { ChallengeMembershipController } from '../http/challenge/challenge-membership.controller';
import { ChallengeController } from '../http/challenge/challenge.controller';
import { ProfileChallengeController } from '../http/challenge/profile-challenge.controller';
import { TeamController } from '../http/team/team.controller';
import { IdentityModule } from '../identity/identity.module';
import { ChallengeLeaderboards } from './challenge-leaderboards';
import { ChallengeViews } from './challenge-views';
import { GamificationModule } from './gamification.module';
import { TeamViews } from './team-views';

/**
 * The gamification endpoints (issue 5): challenges (CRUD, membership, leaderboards), teams,
 * profile challenge lists, app totals; and the read-side query services they call.
 */
@Module({
  imports: [GamificationModule, IdentityModule],
  providers: [ChallengeViews, ChallengeLeaderboards, TeamViews],
  controllers: [
    ChallengeController, ChallengeMembershipController, ChallengeLeaderboardController, TeamController, ProfileChallengeController,
    AppTotalsController,
  ],
})
export class GamificationHttpModule {}
