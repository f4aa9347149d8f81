import { Module, Provider } from '@nestjs/common';
import {
  AdminTokenRepository, AppRepository, AuthenticateBearerUseCase, AuthenticateClientUseCase, Clock, CreateAppUseCase,
  CreateDemoAppUseCase, CreateProfileUseCase, DeleteProfileUseCase, EnsureAppUseCase, GetProfileUseCase, IdGenerator,
  IssueAdminTokenUseCase, ListProfilesUseCase, PrincipalCache, ProfileCreatedListener, ProfileRepository, TokenGenerator, UpdateProfileUseCase,
} from '@strive/domain';
import { AppConfig } from '../config/app-config';
import {
  ADMIN_TOKEN_REPOSITORY, APP_CONFIG, APP_REPOSITORY, CLOCK, ID_GENERATOR, PROFILE_CREATED_LISTENERS, PROFILE_REPOSITORY, TOKEN_GENERATOR,
} from '../system/tokens';

/** Binds the identity use cases (apps, bearers, profiles) to their ports' adapters. */
const useCases: Provider[] = [
  {
    // Bearer digest -> principal for BEARER_CACHE_TTL_SECONDS (docs/decisions.md "Bearer cache").
    provide: PrincipalCache,
    useFactory: (config: AppConfig) => new PrincipalCache(config.bearerCacheTtlMs),
    inject: [APP_CONFIG],
  },
  {
    provide: CreateAppUseCase,
    useFactory: (apps: AppRepository, tokens: TokenGenerator, ids: IdGenerator, clock: Clock) =>
      new CreateAppUseCase(apps, tokens, ids, clock),
    inject: [APP_REPOSITORY, TOKEN_GENERATOR, ID_GENERATOR, CLOCK],
  },
  {
    provide: EnsureAppUseCase,
    useFactory: (apps: AppRepository, tokens: TokenGenerator, createApp: CreateAppUseCase) =>
      new EnsureAppUseCase(apps, tokens, createApp),
    inject: [APP_REPOSITORY, TOKEN_GENERATOR, CreateAppUseCase],
  },
  {
    provide: CreateDemoAppUseCase,
    useFactory: (apps: AppRepository, createApp: CreateAppUseCase) => new CreateDemoAppUseCase(apps, createApp),
    inject: [APP_REPOSITORY, CreateAppUseCase],
  },
  {
    provide: AuthenticateClientUseCase,
    useFactory: (apps: AppRepository, tokens: TokenGenerator) => new AuthenticateClientUseCase(apps, tokens),
    inject: [APP_REPOSITORY, TOKEN_GENERATOR],
  },
  {
    provide: IssueAdminTokenUseCase,
    useFactory: (adminTokens: AdminTokenRepository, tokens: TokenGenerator, clock: Clock) =>
      new IssueAdminTokenUseCase(adminTokens, tokens, clock),
    inject: [ADMIN_TOKEN_REPOSITORY, TOKEN_GENERATOR, CLOCK],
  },
  {
    provide: AuthenticateBearerUseCase,
    useFactory: (adminTokens: AdminTokenRepository, profiles: ProfileRepository, tokens: TokenGenerator, clock: Clock, cache: PrincipalCache) =>
      new AuthenticateBearerUseCase(adminTokens, profiles, tokens, clock, cache),
    inject: [ADMIN_TOKEN_REPOSITORY, PROFILE_REPOSITORY, TOKEN_GENERATOR, CLOCK, PrincipalCache],
  },
  {
    provide: CreateProfileUseCase,
    useFactory: (profiles: ProfileRepository, tokens: TokenGenerator, ids: IdGenerator, clock: Clock, listeners?: ProfileCreatedListener[]) =>
      new CreateProfileUseCase(profiles, tokens, ids, clock, listeners ?? []),
    // Listeners (AUTOMATIC challenge enrollment) come from the gamification module when it is loaded.
    inject: [PROFILE_REPOSITORY, TOKEN_GENERATOR, ID_GENERATOR, CLOCK, { token: PROFILE_CREATED_LISTENERS, optional: true }],
  },
  {
    provide: GetProfileUseCase,
    useFactory: (profiles: ProfileRepository) => new GetProfileUseCase(profiles),
    inject: [PROFILE_REPOSITORY],
  },
  {
    provide: ListProfilesUseCase,
    useFactory: (profiles: ProfileRepository) => new ListProfilesUseCase(profiles),
    inject: [PROFILE_REPOSITORY],
  },
  {
    provide: UpdateProfileUseCase,
    useFactory: (profiles: ProfileRepository, getProfile: GetProfileUseCase) => new UpdateProfileUseCase(profiles, getProfile),
    inject: [PROFILE_REPOSITORY, GetProfileUseCase],
  },
  {
    provide: DeleteProfileUseCase,
    useFactory: (profiles: ProfileRepository, getProfile: GetProfileUseCase, cache: PrincipalCache) =>
      new DeleteProfileUseCase(profiles, getProfile, cache),
    inject: [PROFILE_REPOSITORY, GetProfileUseCase, PrincipalCache],
  },
];

@Module({ providers: useCases, exports: useCases })
export class IdentityModule {}
