import { isSupportedTime } from '@strive/domain';
import { isISO8601, ValidateBy, ValidationOptions } from 'class-validator';

/**
 * An ISO 8601 date-time inside the supported range (1900-01-01 included to 2100-01-01
 * excluded, docs/decisions.md "Limits"): what a query or body may say about time.
 */
export function IsSupportedDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isSupportedDateTime',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isISO8601(value, { strict: true }) && isSupportedTime(new Date(value)),
        defaultMessage: (args) =>
          `${args?.property} must be an ISO 8601 date-time between 1900-01-01T00:00:00Z and 2100-01-01T00:00:00Z (excluded)`,
      },
    },
    options,
  );
}
