import { BadRequestException, ValidationError } from '@nestjs/common';
import { FieldError } from './problem-details';

/** Invalid input found by the ValidationPipe, with one entry per field. */
export class RequestValidationError extends BadRequestException {
  constructor(readonly errors: FieldError[]) {
    super(`The request has ${errors.length} invalid field${errors.length === 1 ? '' : 's'}.`);
  }

  static fromValidationErrors(errors: ValidationError[]): RequestValidationError {
    return new RequestValidationError(flatten(errors, ''));
  }
}

function flatten(errors: ValidationError[], prefix: string): FieldError[] {
  return errors.flatMap((error) => {
    const field = /^\d+$/.test(error.property)
      ? `${prefix}[${error.property}]`
      : prefix ? `${prefix}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      field,
      // class-validator says "property x should not exist" for unknown fields; say it plainly.
      message: message.replace(/^property (\S+) should not exist$/, 'unknown field: $1 is not accepted here'),
    }));
    return [...own, ...flatten(error.children ?? [], field)];
  });
}
