import { Challenge } from '../challenge/challenge';
import { ChallengeDefinition, defineChallenge } from '../challenge/challenge-definition';
import { ChallengeRepository } from '../ports/challenge-repository';
import { IdGenerator } from '../ports/id-generator';

export interface CreateChallengeInput {
  readonly appId: string;
  readonly definition: ChallengeDefinition;
}

/**
 * POST challenge/ (administrator): stores a new challenge. For an AUTOMATIC challenge the host
 * then runs EnrollAutomaticMembersUseCase for it (the app's existing profiles).
 */
export class CreateChallengeUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly ids: IdGenerator,
  ) {}

  async execute(input: CreateChallengeInput): Promise<Challenge> {
    const challenge = defineChallenge(this.ids.uuid(), input.appId, input.definition);
    await this.challenges.save(challenge);
    return challenge;
  }
}
