import { DomainError } from '../shared/domain-error';

/** Stable codes of the scoring rules (periods, leaderboards); the HTTP host maps each to a status. */
export enum ScoringErrorCode {
  /** date_range names no period of the challenge (400 for the API). */
  PeriodOutOfRange = 'challenge.period_out_of_range',
  /** The challenge's time zone is not a known IANA name. */
  InvalidTimezone = 'challenge.invalid_timezone',
  /** end is not after start. */
  InvalidDateRange = 'challenge.invalid_date_range',
  /** A team view was asked of a challenge that is not a TEAM challenge. */
  NotATeamChallenge = 'leaderboard.not_a_team_challenge',
}

export class ScoringError extends DomainError<ScoringErrorCode> {
  constructor(code: ScoringErrorCode, message: string) {
    super(code, message);
  }
}
