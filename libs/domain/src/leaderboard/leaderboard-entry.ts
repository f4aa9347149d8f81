import { Rankable } from './ranking';

/**
 * profiles: one entry per member (challenge leaderboard); teams: one entry per team (TEAM
 * challenges); team_members: the contribution of one team's members (TEAM challenges).
 */
export type LeaderboardView = 'profiles' | 'teams' | 'team_members';

/** One line of a leaderboard: a member or a team, with its score in the selected period. */
export interface LeaderboardEntry extends Rankable {
  readonly kind: 'profile' | 'team';
  /** Set for profile entries. */
  readonly profileId: string | null;
  /** The team of a profile entry (TEAM challenges) or the team of a team entry. */
  readonly teamId: string | null;
  /** Members counted in a team entry; 1 for a profile entry. */
  readonly memberCount: number;
  /** Progress of the entry's subject within the selected period (a member's own contribution). */
  readonly progress: number;
  /**
   * Whether the goal of the selected period was reached: by the member (INDIVIDUAL), by the
   * team (team entries, and member entries of TEAM challenges: their team's), by the group (GROUP).
   */
  readonly goalReached: boolean;
}
