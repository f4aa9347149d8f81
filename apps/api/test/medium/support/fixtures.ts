import { App, Challenge, Profile } from '@strive/domain';
import { ChallengeMother } from '@strive/domain/testing';
import { RepositoryWorld } from './repository-world';

/** Fixed ids (the tables key on uuids): apps A and B, profiles 1-4, challenges 1-2, teams 1-3. */
export const ID = {
  appA: 'a0000000-0000-4000-8000-00000000000a',
  appB: 'b0000000-0000-4000-8000-00000000000b',
  profile1: '10000000-0000-4000-8000-000000000001',
  profile2: '20000000-0000-4000-8000-000000000002',
  profile3: '30000000-0000-4000-8000-000000000003',
  profile4: '40000000-0000-4000-8000-000000000004',
  challenge1: 'c1000000-0000-4000-8000-0000000000c1',
  challenge2: 'c2000000-0000-4000-8000-0000000000c2',
  team1: 'e1000000-0000-4000-8000-0000000000e1',
  team2: 'e2000000-0000-4000-8000-0000000000e2',
  team3: 'e3000000-0000-4000-8000-0000000000e3',
} as const;

export function app(id: string, overrides: Partial<App> = {}): App {
  return { id, name: `App ${id.slice(0, 1)}`, clientId: `client-${id.slice(0, 1)}`, clientSecretDigest: `digest-${id.slice(0, 1)}`, createdAt: new Date('2026-01-01T00:00:00Z'), ...overrides };
}

export function profile(id: string, appId: string, overrides: Partial<Profile> = {}): Profile {
  return { id, appId, name: 'ann', gender: null, reference: '', team: null, totalPoints: 0, createdAt: new Date('2026-01-02T00:00:00Z'), ...overrides };
}

/** Stores apps A and B and the given profiles (by default profiles 1 and 2 of app A). */
export async function seedProfiles(world: RepositoryWorld, profiles: readonly Profile[] = [profile(ID.profile1, ID.appA), profile(ID.profile2, ID.appA)]): Promise<void> {
  await world.apps.save(app(ID.appA));
  await world.apps.save(app(ID.appB));
  for (const p of profiles) await world.profiles.create(p, `bearer-of-${p.id}`);
}

/** A challenge of app A (the mother's defaults: DAILY steps, 2026-03-02 .. 2026-03-09). */
export function challenge(id: string, overrides: Partial<Challenge> = {}): Challenge {
  return ChallengeMother.create({ id, appId: ID.appA, ...overrides });
}
