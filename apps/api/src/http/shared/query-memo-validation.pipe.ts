import { ArgumentMetadata, Type, ValidationPipe, ValidationPipeOptions } from '@nestjs/common';
import { RequestValidationError } from '../problem/request-validation.error';

/** How every request's input is validated: unknown fields refused, DTOs built (the global pipe's options). */
export const REQUEST_VALIDATION: ValidationPipeOptions = {
  whitelist: true,
  forbidNonWhitelisted: true,
  forbidUnknownValues: true,
  transform: true,
  exceptionFactory: (errors) => RequestValidationError.fromValidationErrors(errors),
};

/** Query strings remembered per query DTO class. */
const MAX_QUERIES_PER_DTO = 1_000;

/**
 * The ValidationPipe, with query DTOs remembered: a query that passed is validated and
 * transformed once, and the same query again (every reader of a leaderboard or list page asks
 * with the same few) gets the same frozen DTO back without class-transformer and class-validator
 * running again. Bodies, failing queries and path parameters other than strings go through the
 * ValidationPipe every time; a string path parameter is handed on as it is (the pipe would not change it).
 */
export class QueryMemoValidationPipe extends ValidationPipe {
  private readonly queries = new Map<Type<unknown>, Map<string, unknown>>();

  constructor(options: ValidationPipeOptions = REQUEST_VALIDATION) {
    super(options);
  }

  /**
   * The whole query validated as `dto`, as for a `@Query() query: T` parameter, for a handler that
   * reads its request itself (QueryReadByHandler): the DTO, or the first time a promise of it.
   */
  query<T>(dto: Type<T>, value: unknown): T | Promise<T> {
    return this.transform(value, { type: 'query', metatype: dto });
  }

  /** A value, or a promise of one (Nest accepts either of a pipe): a remembered query needs no promise. */
  override transform(value: unknown, metadata: ArgumentMetadata): any {
    // A custom parameter decorator's value (the principal, the request URL) is not validated
    // (validateCustomDecorators is off): handed on as it is.
    if (metadata.type === 'custom') return value;
    // A path parameter read as a string (every id): the ValidationPipe would hand back the same
    // string, through a promise of its async transform.
    if (metadata.type === 'param' && metadata.metatype === String && typeof value === 'string') return value;
    const { metatype } = metadata;
    if (metadata.type !== 'query' || !metatype || !this.toValidate(metadata) || value === null || typeof value !== 'object') {
      return super.transform(value, metadata);
    }
    let known = this.queries.get(metatype);
    if (!known) this.queries.set(metatype, (known = new Map()));
    const key = JSON.stringify(value);
    return known.has(key) ? known.get(key) : this.remember(known, key, value, metadata);
  }

  private async remember(known: Map<string, unknown>, key: string, value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const dto = Object.freeze(await super.transform(value, metadata));
    if (known.size >= MAX_QUERIES_PER_DTO) known.delete(known.keys().next().value as string);
    known.set(key, dto);
    return dto;
  }
}
