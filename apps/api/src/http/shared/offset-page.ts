import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type as Class } from '@nestjs/common';
import { ApiUrl } from './api-url';

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/**
 * Deepest offset served: the database still reads the skipped rows, and a number beyond
 * this is no position in any list this service keeps (docs/decisions.md "Limits").
 */
export const MAX_OFFSET = 10_000_000;

/** limit/offset query parameters of offset-style lists (contract.md "Pagination"). */
export class OffsetPageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT, description: 'Page size.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, maximum: MAX_OFFSET, default: 0, description: `Number of results to skip (at most ${MAX_OFFSET}).` })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_OFFSET)
  offset?: number;
}

export interface OffsetPage<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Wraps one page of results with absolute next/previous links (null at either end). */
export function offsetPage<T>(url: ApiUrl, query: OffsetPageQuery, count: number, results: T[]): OffsetPage<T> {
  const limit = query.limit ?? DEFAULT_LIMIT;
  const offset = query.offset ?? 0;
  const next = offset + limit < count ? url.withQuery({ limit, offset: offset + limit }) : null;
  const previous = offset > 0 ? url.withQuery({ limit, offset: offset - limit > 0 ? offset - limit : null }) : null;
  return { count, next, previous, results };
}

/** An OpenAPI schema class for an offset page of `Item`, named e.g. "ProfileList". */
export function OffsetPageOf<Item>(item: Class<Item>, name: string): Class<OffsetPage<Item>> {
  class Page {
    @ApiProperty({ example: 42, description: 'Total number of results.' })
    count!: number;

    @ApiProperty({ type: String, format: 'uri', nullable: true, example: 'https://api.example.com/api/v1/profile/?limit=20&offset=20' })
    next!: string | null;

    @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
    previous!: string | null;

    @ApiProperty({ type: [item] })
    results!: Item[];
  }
  Object.defineProperty(Page, 'name', { value: name });
  return Page;
}
