import { Challenge } from '../challenge/challenge';
import { ChallengeDefinition, changesScoring, defineChallenge } from '../challenge/challenge-definition';
import { ChallengeError, ChallengeErrorCode } from '../challenge/challenge-error';
import { requireChallenge } from '../membership/lookups';
import { Clock } from '../ports/clock';
import { UnitOfWork } from '../ports/unit-of-work';
import { isRescorable } from './rescore-member.use-case';
import { enrollmentJobFor } from './score-enrolled-members';

export interface UpdateChallengeInput {
  readonly appId: string;
  readonly challengeId: string;
  /** The whole new definition, or how to derive it from the stored challenge (PATCH: the sent fields replaced). */
  readonly definition: ChallengeDefinition | ((stored: Challenge) => ChallengeDefinition);
}

export interface UpdateChallengeResult {
  readonly challenge: Challenge;
  /** Scoring rules changed: every member is being rescored (challenge.rescore job). */
  readonly rescore: boolean;
}

/** The fields that cut the periods: when one changes, stored period scores no longer line up. */
const periodsMoved = (a: Challenge, b: Challenge) =>
  a.start.getTime() !== b.start.getTime() || a.end.getTime() !== b.end.getTime() || a.goal !== b.goal || a.timezone !== b.timezone ||
  // A challenge without a goal has one period (PeriodCalendar).
  (a.goalValue === null) !== (b.goalValue === null);

/**
 * PUT/PATCH challenge/{id}/ (administrator). The type cannot change once the challenge has
 * members (TEAM membership needs a team, the others none). A change of scoring rules asks for
 * the challenge.rescore job (every member under the new rules; refused once the scores are
 * final, end + grace_days passed); the stored scores stay visible until it replaces them, unless
 * the periods moved (start, end, goal, timezone, or a goal value set or removed), then they are
 * dropped at once. Becoming
 * AUTOMATIC asks for the enrollment job (those who left stay out). Other fields (title, texts,
 * visibility) change freely. Everything commits together.
 */
export class UpdateChallengeUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(input: UpdateChallengeInput): Promise<UpdateChallengeResult> {
    return this.unitOfWork.run(async (ports) => {
      const before = await requireChallenge(ports.challenges, input.appId, input.challengeId);
      const definition = typeof input.definition === 'function' ? input.definition(before) : input.definition;
      const challenge = defineChallenge(before.id, before.appId, definition);
      if (challenge.type !== before.type && (await ports.memberships.listByChallenge(before.id)).length > 0) {
        throw new ChallengeError(ChallengeErrorCode.TypeLocked, 'The type of a challenge with members cannot change.', 'type');
      }
      const rescore = changesScoring(before, challenge);
      // Final before, or final under the new dates (its scores could not be rebuilt): refused.
      if (rescore && (!isRescorable(before, this.clock.now()) || !isRescorable(challenge, this.clock.now()))) {
        throw new ChallengeError(ChallengeErrorCode.ScoresFinal, 'The grace period is over: the scoring rules are final.');
      }
      await ports.challenges.save(challenge);
      if (rescore) {
        if (periodsMoved(before, challenge)) await ports.scores.deleteForChallenge(challenge.id);
        await ports.jobs.enqueue({ type: 'challenge.rescore', appId: challenge.appId, challengeId: challenge.id });
      }
      const enrollment = before.enrollmentMethod !== 'AUTOMATIC' ? enrollmentJobFor(challenge, this.clock) : null;
      if (enrollment) await ports.jobs.enqueue(enrollment);
      return { challenge, rescore };
    });
  }
}
