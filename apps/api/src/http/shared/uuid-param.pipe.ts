import { Injectable, PipeTransform, ArgumentMetadata } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { RequestValidationError } from '../problem/request-validation.error';

/** A path identifier must be a UUID: anything else is a 400 naming the parameter. */
@Injectable()
export class UuidParamPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    if (!isUUID(value)) {
      const field = metadata.data ?? 'id';
      throw new RequestValidationError([{ field, message: `${field} must be a UUID` }]);
    }
    return value.toLowerCase();
  }
}
