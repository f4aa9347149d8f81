import { AuthenticateBearerUseCase } from '../src/use-cases/authenticate-bearer.use-case';
import { CreateAppUseCase } from '../src/use-cases/create-app.use-case';
import { CreateProfileUseCase, ProfileCreatedListener } from '../src/use-cases/create-profile.use-case';
import { AuthenticateClientUseCase } from '../src/use-cases/authenticate-client.use-case';
import { IssueAdminTokenUseCase } from '../src/use-cases/issue-admin-token.use-case';
import { FakeTokenGenerator } from './fake-token-generator';
import { FixedClock } from './fixed-clock';
import { InMemoryAdminTokenRepository } from './in-memory-admin-token-repository';
import { InMemoryAppRepository } from './in-memory-app-repository';
import { InMemoryProfileRepository } from './in-memory-profile-repository';
import { SequentialIdGenerator } from './sequential-id-generator';

/** Every identity port wired to in-memory adapters, plus the use cases most tests need. */
export function identityWorld(listeners: ProfileCreatedListener[] = []) {
  const clock = new FixedClock('2026-03-01T12:00:00Z');
  const ids = new SequentialIdGenerator();
  const tokens = new FakeTokenGenerator();
  const apps = new InMemoryAppRepository();
  const adminTokens = new InMemoryAdminTokenRepository();
  const profiles = new InMemoryProfileRepository();
  return {
    clock,
    ids,
    tokens,
    apps,
    adminTokens,
    profiles,
    createApp: new CreateAppUseCase(apps, tokens, ids, clock),
    authenticateClient: new AuthenticateClientUseCase(apps, tokens),
    issueAdminToken: new IssueAdminTokenUseCase(adminTokens, tokens, clock),
    authenticate: new AuthenticateBearerUseCase(adminTokens, profiles, tokens, clock),
    createProfile: new CreateProfileUseCase(profiles, tokens, ids, clock, listeners),
  };
}
