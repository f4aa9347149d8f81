import { DomainError } from '../shared/domain-error';

/** Stable codes of refused challenge definitions and changes; the HTTP host maps each to a status. */
export enum ChallengeErrorCode {
  /** A field of the definition breaks a rule (400); `field` names it. */
  InvalidDefinition = 'challenge.invalid_definition',
  /** The type of a challenge that has members cannot change (409). */
  TypeLocked = 'challenge.type_locked',
  /** Scoring rules cannot change once the grace period is over: scores are final (409). */
  ScoresFinal = 'challenge.scores_final',
}

export class ChallengeError extends DomainError<ChallengeErrorCode> {
  constructor(
    code: ChallengeErrorCode,
    message: string,
    readonly field: string | null = null,
  ) {
    super(code, message);
  }
}
