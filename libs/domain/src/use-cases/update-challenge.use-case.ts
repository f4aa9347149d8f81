import { Challenge } from '../challenge/challenge';
import { ChallengeDefinition, changesScoring, defineChallenge } from '../challenge/challenge-definition';
import { ChallengeError, ChallengeErrorCode } from '../challenge/challenge-error';
import { requireChallenge } from '../membership/lookups';
import { ChallengeRepository } from '../ports/challenge-repository';
import { Clock } from '../ports/clock';
import { MemberRescorer } from '../ports/member-rescorer';
import { MembershipRepository } from '../ports/membership-repository';
import { ScoreRepository } from '../ports/score-repository';
import { EnrollAutomaticMembersUseCase } from './enroll-automatic-members.use-case';
import { isRescorable } from './rescore-member.use-case';
import { enrollEveryone } from './score-enrolled-members';

export interface UpdateChallengeInput {
  readonly appId: string;
  readonly challengeId: string;
  /** The whole new definition, or how to derive it from the stored challenge (PATCH: the sent fields replaced). */
  readonly definition: ChallengeDefinition | ((stored: Challenge) => ChallengeDefinition);
}

export interface UpdateChallengeResult {
  readonly challenge: Challenge;
  /** Scoring rules changed: stored scores were dropped and every member was rescored. */
  readonly rescore: boolean;
}

/**
 * PUT/PATCH challenge/{id}/ (administrator). The type cannot change once the challenge has
 * members (TEAM membership needs a team, the others none). A change of scoring rules drops the
 * stored scores and rescores every member under the new rules; it is refused once the scores
 * are final (end + grace_days passed). Becoming AUTOMATIC enrolls the app's profiles (those who
 * left stay out) and scores them. Other fields (title, texts, visibility) change freely.
 */
export class UpdateChallengeUseCase {
  constructor(
    private readonly challenges: ChallengeRepository,
    private readonly memberships: MembershipRepository,
    private readonly scores: ScoreRepository,
    private readonly clock: Clock,
    private readonly enrollAutomatic: EnrollAutomaticMembersUseCase,
    private readonly rescorer: MemberRescorer,
  ) {}

  async execute(input: UpdateChallengeInput): Promise<UpdateChallengeResult> {
    const before = await requireChallenge(this.challenges, input.appId, input.challengeId);
    const definition = typeof input.definition === 'function' ? input.definition(before) : input.definition;
    const challenge = defineChallenge(before.id, before.appId, definition);
    if (challenge.type !== before.type && (await this.memberships.listByChallenge(before.id)).length > 0) {
      throw new ChallengeError(ChallengeErrorCode.TypeLocked, 'The type of a challenge with members cannot change.', 'type');
    }
    const rescore = changesScoring(before, challenge);
    if (rescore && !isRescorable(before, this.clock.now())) {
      throw new ChallengeError(ChallengeErrorCode.ScoresFinal, 'The grace period is over: the scoring rules are final.');
    }
    await this.challenges.save(challenge);
    if (rescore) {
      await this.scores.deleteForChallenge(challenge.id);
      await this.rescorer.rescoreMembers(challenge);
    }
    if (before.enrollmentMethod !== 'AUTOMATIC') await enrollEveryone(challenge, this.enrollAutomatic, this.rescorer, this.clock);
    return { challenge, rescore };
  }
}
