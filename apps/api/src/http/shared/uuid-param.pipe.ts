import { Injectable, PipeTransform, ArgumentMetadata } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { RequestValidationError } from '../problem/request-validation.error';

/** A path identifier must be a UUID: anything else is a 400 naming the parameter. Lower-cased. */
export function uuidParam(value: unknown, field: string): string {
  if (typeof value !== 'string' || !isUUID(value)) throw new RequestValidationError([{ field, message: `${field} must be a UUID` }]);
  return value.toLowerCase();
}

/** uuidParam as a parameter pipe: `@Param('id', UuidParamPipe)`. */
@Injectable()
export class UuidParamPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    return uuidParam(value, metadata.data ?? 'id');
  }
}
