import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { RequestValidationError } from '../problem/request-validation.error';

const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** An activity id is a record id: digits up to the bigint range; anything else is a 400. */
@Injectable()
export class ActivityIdPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    if (!/^\d{1,19}$/.test(value) || BigInt(value) > BIGINT_MAX || BigInt(value) === 0n) {
      const field = metadata.data ?? 'activity_id';
      throw new RequestValidationError([{ field, message: `${field} must be a positive integer id from activity_file/` }]);
    }
    return String(BigInt(value));
  }
}
