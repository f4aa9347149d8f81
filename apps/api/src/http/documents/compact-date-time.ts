import { isSupportedTime } from '@strive/domain';
import { ValidateBy, ValidationOptions } from 'class-validator';

const COMPACT = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** yyyymmddhhmmss in UTC as an instant; null when it is no real date and time of the supported range. */
export function parseCompactDateTime(value: string): Date | null {
  const match = COMPACT.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 31 November over to 1 December: a date that changed was not a real one.
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day &&
    date.getUTCHours() === hour && date.getUTCMinutes() === minute && date.getUTCSeconds() === second;
  return real && isSupportedTime(date) ? date : null;
}

/** A yyyymmddhhmmss date and time (UTC) that exists, within 1900-2099. */
export function IsCompactDateTime(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isCompactDateTime',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseCompactDateTime(value) !== null,
        defaultMessage: (args) => `${args?.property} must be a UTC date and time written yyyymmddhhmmss (e.g. 20261120120000), from 1900 to 2099`,
      },
    },
    options,
  );
}
