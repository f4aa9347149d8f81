import { requireChallenge } from '../membership/lookups';
import { ChallengeRepository } from '../ports/challenge-repository';

/** DELETE challenge/{id}/ (administrator): the challenge goes with its members and scores. */
export class DeleteChallengeUseCase {
  constructor(private readonly challenges: ChallengeRepository) {}

  async execute(input: { readonly appId: string; readonly challengeId: string }): Promise<void> {
    const challenge = await requireChallenge(this.challenges, input.appId, input.challengeId);
    await this.challenges.delete(challenge.appId, challenge.id);
  }
}
