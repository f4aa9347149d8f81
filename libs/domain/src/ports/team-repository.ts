import { Team, TeamMembership } from '../team/team';

/** Teams and their memberships. Team reads are scoped to one app. */
export interface TeamRepository {
  findById(appId: string, teamId: string): Promise<Team | null>;
  save(team: Team): Promise<void>;
  findMembership(teamId: string, profileId: string): Promise<TeamMembership | null>;
  listMembers(teamId: string): Promise<TeamMembership[]>;
  /** Every team membership of the profile, in any order. */
  listMembershipsOfProfile(profileId: string): Promise<TeamMembership[]>;
  /** Inserts the memberships, atomically. */
  addMemberships(memberships: readonly TeamMembership[]): Promise<void>;
  /** Deletes these profiles' memberships of the team, atomically. */
  removeMemberships(teamId: string, profileIds: readonly string[]): Promise<void>;
}
