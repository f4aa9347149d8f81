import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { TeamRepository } from '../ports/team-repository';
import { Team, createTeam } from '../team/team';

/** POST team/: a new, empty team of the app. */
export class CreateTeamUseCase {
  constructor(
    private readonly teams: TeamRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { readonly appId: string; readonly name: string }): Promise<Team> {
    const team = createTeam({ id: this.ids.uuid(), appId: input.appId, name: input.name, createdAt: this.clock.now() });
    await this.teams.save(team);
    return team;
  }
}
