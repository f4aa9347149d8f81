import { DomainError } from '../shared/domain-error';

export enum PointsErrorCode {
  /** A rate, cap or minimum is negative or not a finite number. */
  InvalidRate = 'points.invalid_rate',
  /** Two rules for one activity type. */
  DuplicateActivityRule = 'points.duplicate_activity_rule',
  /** The same metric rewarded by a daily rule and by an activity rule (double counting). */
  MetricCountedTwice = 'points.metric_counted_twice',
  InvalidEvent = 'points.invalid_event',
}

export class PointsError extends DomainError<PointsErrorCode> {
  constructor(
    code: PointsErrorCode,
    message: string,
    /** The offending field, e.g. `activities[1].perKilometre`, when there is one. */
    readonly field: string | null = null,
  ) {
    super(code, message);
  }
}
