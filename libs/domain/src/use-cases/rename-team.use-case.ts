import { requireTeam } from '../membership/lookups';
import { TeamRepository } from '../ports/team-repository';
import { Team, createTeam } from '../team/team';

/** PUT/PATCH team/{id}/: the name is the only writable field of a team. */
export class RenameTeamUseCase {
  constructor(private readonly teams: TeamRepository) {}

  async execute(input: { readonly appId: string; readonly teamId: string; readonly name?: string }): Promise<Team> {
    const team = await requireTeam(this.teams, input.appId, input.teamId);
    if (input.name === undefined) return team;
    const renamed = createTeam({ ...team, name: input.name });
    await this.teams.save(renamed);
    return renamed;
  }
}
