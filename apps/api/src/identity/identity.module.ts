import { Module, Provider } from '@nestjs/common';
import {
  AuthenticateBearerUseCase, AuthenticateClientUseCase, Clock, CreateAppUseCase, CreateDemoAppUseCase,
  CreateProfileUseCase, DeleteProfileUseCase, EnsureAppUseCase, GetProfileUseCase, IdGenerator,
  IssueAdminTokenUseCase, ListProfilesUseCase, PRINCIPAL_CACHE_MAX_ENTRIES, PrincipalCache, ProfileCreatedListener, ProfileRepository,
  TokenGenerator, UpdateProfileUseCase,
} from '@strive/domain';
import { DeleteAppUseCase, ListAppsUseCase, RotateAppSecretUseCase } from '@strive/domain';
import { AppConfig } from '../config/app-config';
import { PreparedBearerLookups } from '../persistence/identity/prepared-bearer-lookups';
import { ChangeFeed } from '../persistence/shared/change-feed';
import { useCaseProvider } from '../system/use-case-provider';
import {
  ADMIN_TOKEN_REPOSITORY, APP_CONFIG, APP_REPOSITORY, CLOCK, ID_GENERATOR, PROFILE_CREATED_LISTENERS, PROFILE_REPOSITORY, TOKEN_GENERATOR,
} from '../system/tokens';

/** Binds the identity use cases (apps, bearers, profiles) to their ports' adapters. */
const useCases: Provider[] = [
  {
    // Bearer digest -> principal, kept until the bearer's revocation is heard; for
    // BEARER_CACHE_TTL_SECONDS while revocations may go unheard (docs/decisions.md "Bearer cache").
    provide: PrincipalCache,
    useFactory: (config: AppConfig, feed: ChangeFeed) => {
      const cache = new PrincipalCache(config.bearerCacheTtlMs, PRINCIPAL_CACHE_MAX_ENTRIES, () => feed.complete);
      feed.subscribe('bearer', (digest) => (digest === null ? cache.clear() : cache.revoke(digest)));
      return cache;
    },
    inject: [APP_CONFIG, ChangeFeed],
  },
  useCaseProvider(CreateAppUseCase, APP_REPOSITORY, TOKEN_GENERATOR, ID_GENERATOR, CLOCK),
  useCaseProvider(EnsureAppUseCase, APP_REPOSITORY, TOKEN_GENERATOR, CreateAppUseCase),
  useCaseProvider(CreateDemoAppUseCase, APP_REPOSITORY, CreateAppUseCase),
  useCaseProvider(AuthenticateClientUseCase, APP_REPOSITORY, TOKEN_GENERATOR),
  useCaseProvider(IssueAdminTokenUseCase, ADMIN_TOKEN_REPOSITORY, TOKEN_GENERATOR, CLOCK),
  // Bearer-cache misses look up through prepared, batched statements (PreparedBearerLookups).
  useCaseProvider(AuthenticateBearerUseCase, PreparedBearerLookups, PreparedBearerLookups, TOKEN_GENERATOR, CLOCK, PrincipalCache),
  {
    provide: CreateProfileUseCase,
    useFactory: (profiles: ProfileRepository, tokens: TokenGenerator, ids: IdGenerator, clock: Clock, listeners?: ProfileCreatedListener[]) =>
      new CreateProfileUseCase(profiles, tokens, ids, clock, listeners ?? []),
    // Listeners (AUTOMATIC challenge enrollment) come from the gamification module when it is loaded.
    inject: [PROFILE_REPOSITORY, TOKEN_GENERATOR, ID_GENERATOR, CLOCK, { token: PROFILE_CREATED_LISTENERS, optional: true }],
  },
  useCaseProvider(GetProfileUseCase, PROFILE_REPOSITORY),
  useCaseProvider(ListProfilesUseCase, PROFILE_REPOSITORY),
  useCaseProvider(UpdateProfileUseCase, PROFILE_REPOSITORY, GetProfileUseCase),
  useCaseProvider(DeleteProfileUseCase, PROFILE_REPOSITORY, GetProfileUseCase, PrincipalCache),
  // Operators' app commands (the CLI).
  useCaseProvider(ListAppsUseCase, APP_REPOSITORY),
  useCaseProvider(RotateAppSecretUseCase, APP_REPOSITORY, ADMIN_TOKEN_REPOSITORY, TOKEN_GENERATOR),
  useCaseProvider(DeleteAppUseCase, APP_REPOSITORY),
];

@Module({ providers: useCases, exports: useCases })
export class IdentityModule {}
