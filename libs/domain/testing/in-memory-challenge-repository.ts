import { Challenge } from '../src/challenge/challenge';
import { ChallengeRepository } from '../src/ports/challenge-repository';

export class InMemoryChallengeRepository implements ChallengeRepository {
  readonly challenges = new Map<string, Challenge>();

  constructor(challenges: readonly Challenge[] = []) {
    for (const challenge of challenges) this.challenges.set(challenge.id, challenge);
  }

  async findById(appId: string, challengeId: string): Promise<Challenge | null> {
    const challenge = this.challenges.get(challengeId);
    return challenge && challenge.appId === appId ? challenge : null;
  }

  async listByApp(appId: string): Promise<Challenge[]> {
    return [...this.challenges.values()].filter((c) => c.appId === appId);
  }

  async save(challenge: Challenge): Promise<void> {
    this.challenges.set(challenge.id, challenge);
  }

  async delete(appId: string, challengeId: string): Promise<void> {
    if (this.challenges.get(challengeId)?.appId === appId) this.challenges.delete(challengeId);
  }
}
