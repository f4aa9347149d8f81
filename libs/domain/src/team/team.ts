import { TeamError, TeamErrorCode } from './team-error';

/** A team of an app. Teams are independent objects, not bound to a challenge. */
export interface Team {
  /** Internal id (also the public_id in the API). */
  readonly id: string;
  readonly appId: string;
  readonly name: string;
  readonly createdAt: Date;
}

/** One profile's membership of one team. A profile may belong to several teams. */
export interface TeamMembership {
  readonly teamId: string;
  readonly profileId: string;
  readonly joinedAt: Date;
}

export const MAX_TEAM_NAME_LENGTH = 100;

/** Builds a team, refusing an empty or over-long name (names appear on leaderboards). */
export function createTeam(fields: { id: string; appId: string; name: string; createdAt: Date }): Team {
  const name = fields.name.trim();
  if (name.length === 0 || name.length > MAX_TEAM_NAME_LENGTH) {
    throw new TeamError(TeamErrorCode.InvalidName, `A team name has 1 to ${MAX_TEAM_NAME_LENGTH} characters.`);
  }
  return { id: fields.id, appId: fields.appId, name, createdAt: fields.createdAt };
}

/**
 * The profile's "first team": the one it joined earliest (ties broken by team id so
 * the answer never depends on storage order). TEAM challenges use it when no team is given.
 */
export function firstTeamOf(memberships: readonly TeamMembership[]): TeamMembership | null {
  let first: TeamMembership | null = null;
  for (const m of memberships) {
    const earlier =
      first === null ||
      m.joinedAt.getTime() < first.joinedAt.getTime() ||
      (m.joinedAt.getTime() === first.joinedAt.getTime() && m.teamId < first.teamId);
    if (earlier) first = m;
  }
  return first;
}

/** Joining a team: refused when the profile already belongs to it. */
export function joinTeam(team: Team, profileId: string, current: TeamMembership | null, at: Date): TeamMembership {
  if (current !== null) {
    throw new TeamError(TeamErrorCode.AlreadyMember, `Profile ${profileId} is already a member of team ${team.id}.`);
  }
  return { teamId: team.id, profileId, joinedAt: at };
}

/** Leaving a team: refused when the profile is not in it. */
export function leaveTeam(team: Team, profileId: string, current: TeamMembership | null): TeamMembership {
  if (current === null) {
    throw new TeamError(TeamErrorCode.NotMember, `Profile ${profileId} is not a member of team ${team.id}.`);
  }
  return current;
}
