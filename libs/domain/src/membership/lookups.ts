import { Challenge } from '../challenge/challenge';
import { IdentityError } from '../identity/identity-error';
import { Profile } from '../identity/profile';
import { ChallengeRepository } from '../ports/challenge-repository';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { Team } from '../team/team';
import { TeamError } from '../team/team-error';
import { MembershipError } from './membership-error';

/** Loads helpers shared by the membership and team use cases: "not found" is one error each. */
export async function requireChallenge(repo: ChallengeRepository, appId: string, challengeId: string): Promise<Challenge> {
  const challenge = await repo.findById(appId, challengeId);
  if (!challenge) throw MembershipError.challengeNotFound(challengeId);
  return challenge;
}

export async function requireProfile(repo: ProfileRepository, appId: string, profileId: string): Promise<Profile> {
  const profile = await repo.findInApp(appId, profileId);
  if (!profile) throw IdentityError.profileNotFound(profileId);
  return profile;
}

/** All profiles must exist in the app; the first missing one is reported. */
export async function requireProfiles(repo: ProfileRepository, appId: string, profileIds: readonly string[]): Promise<Profile[]> {
  const profiles: Profile[] = [];
  for (const id of profileIds) profiles.push(await requireProfile(repo, appId, id));
  return profiles;
}

export async function requireTeam(repo: TeamRepository, appId: string, teamId: string): Promise<Team> {
  const team = await repo.findById(appId, teamId);
  if (!team) throw TeamError.notFound(teamId);
  return team;
}

/** The list without repeats, first occurrence order: bulk calls treat a repeated id once. */
export function distinctIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}
