import { Profile } from '../identity/profile';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { firstTeamOf } from './team';

/**
 * Keeps the profile's read-only `team` field equal to its first team after a team move
 * (the interface shows one team per profile; it is the one TEAM challenges default to).
 */
export async function syncProfileTeam(teams: TeamRepository, profiles: ProfileRepository, profile: Profile): Promise<Profile> {
  const team = firstTeamOf(await teams.listMembershipsOfProfile(profile.id))?.teamId ?? null;
  if (team === profile.team) return profile;
  const updated = { ...profile, team };
  await profiles.update(updated);
  return updated;
}
