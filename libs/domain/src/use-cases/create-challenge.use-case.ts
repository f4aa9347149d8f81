import { Challenge } from '../challenge/challenge';
import { ChallengeDefinition, defineChallenge } from '../challenge/challenge-definition';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { UnitOfWork } from '../ports/unit-of-work';
import { enrollmentJobFor } from './score-enrolled-members';

export interface CreateChallengeInput {
  readonly appId: string;
  readonly definition: ChallengeDefinition;
}

/**
 * POST challenge/ (administrator): stores a new challenge. An AUTOMATIC one not ended yet asks,
 * in the same transaction, for the challenge.enroll_automatic job: enrolling (and scoring) every
 * profile of the app grows with the app, so it never runs in the request.
 */
export class CreateChallengeUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateChallengeInput): Promise<Challenge> {
    const challenge = defineChallenge(this.ids.uuid(), input.appId, input.definition);
    await this.unitOfWork.run(async (ports) => {
      await ports.challenges.save(challenge);
      const enrollment = enrollmentJobFor(challenge, this.clock);
      if (enrollment) await ports.jobs.enqueue(enrollment);
    });
    return challenge;
  }
}
