import { Module } from '@nestjs/common';
import { GetBioAgeUseCase } from '@strive/domain';
import { IdentityModule } from '../../identity/identity.module';
import { useCaseProvider } from '../../system/use-case-provider';
import { CLOCK, HEALTH_RECORD_REPOSITORY, PROFILE_REPOSITORY } from '../../system/tokens';
import { InsightsController } from './insights.controller';

/** GET insights/bio_age (issue 13). */
@Module({
  imports: [IdentityModule],
  controllers: [InsightsController],
  providers: [useCaseProvider(GetBioAgeUseCase, PROFILE_REPOSITORY, HEALTH_RECORD_REPOSITORY, CLOCK)],
})
export class InsightsModule {}
