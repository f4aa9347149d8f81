import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';
import { OffsetPageQuery } from '../shared/offset-page';

/**
 * Input rules shared by the challenge and team DTOs (issue 10): bounded numbers and lists,
 * text the database can store, lower-case ids, safe avatar URLs.
 */

/** Profiles in one bulk call (members/, remove_members/, deactivate_members/, team members/). */
export const MAX_PROFILES_PER_CALL = 1_000;
/** Far beyond any list (a page there is empty) and far below what the database's bigint OFFSET refuses. */
export const MAX_OFFSET = 10_000_000;

/** Optional, but not null: `null` is a 400 like any other wrong type (IsOptional would let it through). */
export const OptionalNotNull = () => ValidateIf((_, value) => value !== undefined);

/**
 * Text PostgreSQL can store and JSON can carry: no NUL character and no lone UTF-16 surrogate
 * (a half of a pair cannot be encoded as UTF-8).
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const StorableText = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'storableText',
      validator: {
        validate: (value) => typeof value !== 'string' || !UNSTORABLE.test(value),
        defaultMessage: (args) => `${args?.property} must not contain NUL characters or lone surrogates`,
      },
    },
    options,
  );

const lowerCase = (value: unknown): unknown => (typeof value === 'string' ? value.toLowerCase() : value);

/** UUIDs are accepted in any case and used in lower case (as path ids are), so `A...` and `a...` are one profile. */
export const LowerCaseUuid = () => Transform(({ value }) => lowerCase(value));
export const LowerCaseUuids = () => Transform(({ value }) => (Array.isArray(value) ? value.map(lowerCase) : value));

/**
 * Whether plain http URLs are accepted where a URL is stored (avatar): only when ALLOW_HTTP_URLS
 * is true (local development); https otherwise.
 */
export const httpUrlsAllowed = (): boolean => process.env.ALLOW_HTTP_URLS?.trim().toLowerCase() === 'true';

/** An absolute https URL (http too when ALLOW_HTTP_URLS=true); javascript:, file:, data: and the like are refused. */
export const IsWebUrl = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isWebUrl',
      validator: {
        validate: (value) => {
          if (typeof value !== 'string' || !URL.canParse(value)) return false;
          const { protocol, hostname } = new URL(value);
          return hostname !== '' && (protocol === 'https:' || (protocol === 'http:' && httpUrlsAllowed()));
        },
        defaultMessage: (args) => `${args?.property} must be an absolute https URL`,
      },
    },
    options,
  );

/** limit/offset with offset bounded (OffsetPageQuery leaves it open). */
export class BoundedOffsetPageQuery extends OffsetPageQuery {
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: 'Number of results to skip.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  // The initializer only satisfies the compiler (a redeclared field); the query value replaces it.
  override offset?: number = undefined;
}

/** A period index: at most the last index a challenge can have. */
export const PeriodIndex = (maxPeriods: number) =>
  applyDecorators(IsOptional(), Type(() => Number), IsInt(), Min(0), Max(maxPeriods - 1));
