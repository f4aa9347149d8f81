import { Module } from '@nestjs/common';
import { GrantAppFeatureUseCase, RevokeAppFeatureUseCase } from '@strive/domain';
import { useCaseProvider } from '../system/use-case-provider';
import { APP_FEATURE_REPOSITORY, APP_REPOSITORY, CLOCK } from '../system/tokens';

const useCases = [
  useCaseProvider(GrantAppFeatureUseCase, APP_REPOSITORY, APP_FEATURE_REPOSITORY, CLOCK),
  useCaseProvider(RevokeAppFeatureUseCase, APP_REPOSITORY, APP_FEATURE_REPOSITORY),
];

/** The operator's per-app feature grants (npm run cli -- app grant / app revoke). */
@Module({ providers: useCases, exports: useCases })
export class AppFeaturesModule {}
