import { Team, TeamMembership } from '../team/team';

/** Teams and their memberships. Team reads are scoped to one app. */
export interface TeamRepository {
  findById(appId: string, teamId: string): Promise<Team | null>;
  save(team: Team): Promise<void>;
  /** One page of the app's teams, oldest first (then by id). */
  list(appId: string, page: { readonly limit: number; readonly offset: number }): Promise<{ count: number; items: Team[] }>;
  /** Deletes the team and its memberships. */
  delete(appId: string, teamId: string): Promise<void>;
  findMembership(teamId: string, profileId: string): Promise<TeamMembership | null>;
  listMembers(teamId: string): Promise<TeamMembership[]>;
  /** Every team membership of the profile, in any order. */
  listMembershipsOfProfile(profileId: string): Promise<TeamMembership[]>;
  /** Inserts the memberships, atomically. */
  addMemberships(memberships: readonly TeamMembership[]): Promise<void>;
  /** Inserts the membership unless it exists, atomically; answers whether it inserted (one of concurrent joins wins). */
  addMembershipIfAbsent(membership: TeamMembership): Promise<boolean>;
  /** Deletes these profiles' memberships of the team, atomically. */
  removeMemberships(teamId: string, profileIds: readonly string[]): Promise<void>;
}
