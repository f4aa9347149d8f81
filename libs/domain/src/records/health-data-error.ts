import { IngestionIssue } from './ingestion';
import { DomainError } from '../shared/domain-error';

export enum HealthDataErrorCode {
  /** One or more records or fields of an upload are invalid; nothing was stored. */
  InvalidUpload = 'health_data.invalid_upload',
  /** More records in one upload than MAX_UPLOAD_RECORDS. */
  BatchTooLarge = 'health_data.batch_too_large',
}

export class HealthDataError extends DomainError<HealthDataErrorCode> {
  constructor(
    code: HealthDataErrorCode,
    message: string,
    /** Every problem with its index path, e.g. `workout[3].distance`. */
    readonly issues: readonly IngestionIssue[] = [],
  ) {
    super(code, message);
  }

  static invalid(issues: readonly IngestionIssue[]): HealthDataError {
    const n = issues.length;
    return new HealthDataError(HealthDataErrorCode.InvalidUpload, `The upload has ${n} invalid value${n === 1 ? '' : 's'}; nothing was stored.`, issues);
  }

  static tooLarge(count: number, limit: number): HealthDataError {
    return new HealthDataError(
      HealthDataErrorCode.BatchTooLarge,
      `The upload has ${count} records; at most ${limit} are accepted per request (all data types together). Nothing was stored.`,
    );
  }
}
