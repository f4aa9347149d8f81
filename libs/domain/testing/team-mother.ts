import { Team, TeamMembership } from '../src/team/team';

/** Teams of app-1 created 2026-01-01; memberships of profile-1 joined 2026-02-01. */
export const TeamMother = {
  create(overrides: Partial<Team> = {}): Team {
    return { id: 'team-1', appId: 'app-1', name: 'Red runners', createdAt: new Date('2026-01-01T00:00:00Z'), ...overrides };
  },

  membership(overrides: Partial<TeamMembership> = {}): TeamMembership {
    return { teamId: 'team-1', profileId: 'profile-1', joinedAt: new Date('2026-02-01T00:00:00Z'), ...overrides };
  },
};
