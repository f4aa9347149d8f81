import { Challenge } from '../src/challenge/challenge';
import { Profile } from '../src/identity/profile';
import { FixedClock } from './fixed-clock';
import { InMemoryActivityRepository } from './in-memory-activity-repository';
import { InMemoryChallengeRepository } from './in-memory-challenge-repository';
import { InMemoryMembershipRepository } from './in-memory-membership-repository';
import { InMemoryPointsDefinitionRepository } from './in-memory-points-definition-repository';
import { InMemoryPointsEventRepository } from './in-memory-points-event-repository';
import { InMemoryProfileRepository } from './in-memory-profile-repository';
import { InMemoryTeamRepository } from './in-memory-team-repository';
import { SequentialIdGenerator } from './sequential-id-generator';

/** A profile of app-1 created 2026-01-01, no team, no points. */
export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'profile-1',
    appId: 'app-1',
    name: 'Ada',
    gender: null,
    reference: '',
    team: null,
    totalPoints: 0,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    ...overrides,
  };
}

/**
 * The membership, team, activity and points ports wired to in-memory adapters. The clock
 * starts on 2026-03-04 10:00 UTC, inside ChallengeMother's default week.
 */
export function gamificationWorld(options: { challenges?: Challenge[]; profiles?: Profile[] } = {}) {
  const profiles = new InMemoryProfileRepository();
  for (const profile of options.profiles ?? []) void profiles.create(profile, `digest-${profile.id}`);
  return {
    clock: new FixedClock('2026-03-04T10:00:00Z'),
    ids: new SequentialIdGenerator(),
    profiles,
    challenges: new InMemoryChallengeRepository(options.challenges ?? []),
    memberships: new InMemoryMembershipRepository(),
    teams: new InMemoryTeamRepository(),
    activities: new InMemoryActivityRepository(),
    pointsDefinitions: new InMemoryPointsDefinitionRepository(),
    pointsEvents: new InMemoryPointsEventRepository(),
  };
}
