import { DomainError } from '../shared/domain-error';

export enum InsightsErrorCode {
  /** A date that is no calendar date, an end before the start, or a range over the maximum. */
  InvalidDateRange = 'insights.invalid_date_range',
  InvalidBirthYear = 'insights.invalid_birth_year',
}

export class InsightsError extends DomainError<InsightsErrorCode> {
  constructor(code: InsightsErrorCode, message: string, readonly field: string) {
    super(code, message);
  }
}
