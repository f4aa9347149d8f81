import { distinctIds, requireTeam } from '../membership/lookups';
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

/** POST team/{id}/remove_members/ (administrator): listed profiles that are not members are skipped. */
export class RemoveTeamMembersUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(input: RemoveTeamMembersInput): Promise<RemoveTeamMembersResult> {
    const team = await requireTeam(this.teams, input.appId, input.teamId);
    const removed: string[] = [];
    const notMembers: string[] = [];
    for (const profileId of distinctIds(input.profileIds)) {
      const existing = await this.teams.findMembership(team.id, profileId);
      (existing === null ? notMembers : removed).push(profileId);
    }
    if (removed.length > 0) await this.teams.removeMemberships(team.id, removed);
    for (const profileId of removed) {
      const profile = await this.profiles.findInApp(input.appId, profileId);
      if (profile) await syncProfileTeam(this.teams, this.profiles, profile);
    }
    return { removed, notMembers };
  }
}
