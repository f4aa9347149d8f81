import { distinctIds, requireProfiles, requireTeam } from '../membership/lookups';
import { ProfileRepository } from '../ports/profile-repository';
import { TeamRepository } from '../ports/team-repository';
import { syncProfileTeam } from '../team/profile-team';

export interface RemoveTeamMembersInput {
  readonly appId: string;
  readonly teamId: string;
  readonly profileIds: readonly string[];
}

export interface RemoveTeamMembersResult {
  readonly removed: readonly string[];
  readonly notMembers: readonly string[];
}

/**
 * POST team/{id}/remove_members/ (administrator): every listed profile must exist in the app
 * (else 404, nothing removed, as in the bulk add); those that are not members are reported apart.
 */
export class RemoveTeamMembersUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(input: RemoveTeamMembersInput): Promise<RemoveTeamMembersResult> {
    const team = await requireTeam(this.teams, input.appId, input.teamId);
    const profiles = await requireProfiles(this.profiles, input.appId, distinctIds(input.profileIds));
    const removed: string[] = [];
    const notMembers: string[] = [];
    for (const { id: profileId } of profiles) {
      const existing = await this.teams.findMembership(team.id, profileId);
      (existing === null ? notMembers : removed).push(profileId);
    }
    if (removed.length > 0) await this.teams.removeMemberships(team.id, removed);
    for (const profile of profiles) if (removed.includes(profile.id)) await syncProfileTeam(this.teams, this.profiles, profile);
    return { removed, notMembers };
  }
}
