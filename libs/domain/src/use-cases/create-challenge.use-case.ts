import { Challenge } from '../challenge/challenge';
import { ChallengeDefinition, defineChallenge } from '../challenge/challenge-definition';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { MemberRescorer } from '../ports/member-rescorer';
import { EnrollAutomaticMembersUseCase } from './enroll-automatic-members.use-case';
import { enrollEveryone } from './score-enrolled-members';

export interface CreateChallengeInput {
  readonly appId: string;
  readonly definition: ChallengeDefinition;
}

/**
 * POST challenge/ (administrator): stores a new challenge; an AUTOMATIC one not ended yet
 * enrolls the app's existing profiles, and their data is scored before the answer.
 */
export class CreateChallengeUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly ids: IdGenerator,
    private readonly enrollAutomatic: EnrollAutomaticMembersUseCase,
    private readonly rescorer: MemberRescorer,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateChallengeInput): Promise<Challenge> {
    const challenge = defineChallenge(this.ids.uuid(), input.appId, input.definition);
    await this.challenges.save(challenge);
    await enrollEveryone(challenge, this.enrollAutomatic, this.rescorer, this.clock);
    return challenge;
  }
}
