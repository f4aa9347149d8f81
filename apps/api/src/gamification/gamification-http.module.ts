import { Module } from '@nestjs/common';
import { AppTotalsController } from '../http/app-totals/app-totals.controller';
import { ChallengeController } from '../http/challenge/challenge.controller';
import { ProfileChallengeController } from '../http/challenge/profile-challenge.controller';
import { TeamController } from '../http/team/team.controller';
import { IdentityModule } from '../identity/identity.module';
import { GamificationModule } from './gamification.module';

/** The gamification endpoints (issue 5): challenges, teams, profile challenge lists, app totals. */
@Module({
  imports: [GamificationModule, IdentityModule],
  controllers: [ChallengeController, TeamController, ProfileChallengeController, AppTotalsController],
})
export class GamificationHttpModule {}
