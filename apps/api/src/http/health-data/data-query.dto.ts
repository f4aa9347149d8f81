import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional, ApiProperty } from '@nestjs/swagger';
import { Transform, Type as ToNumber } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MEASUREMENT_TYPES } from '@strive/domain';
import { IsSupportedDateTime } from '../shared/supported-date-time';

export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;

/** 'true'/'false' in a query string; anything else stays a string and fails @IsBoolean. */
const QueryBoolean = () =>
  Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));

const SUPPORTED_RANGE = 'From 1900-01-01T00:00:00Z to 2100-01-01T00:00:00Z (excluded); any span within it: a page costs the same whatever the span.';

/** `cursor` of every cursor-paged list (contract.md "Pagination"). */
export const CursorParameter = () =>
  applyDecorators(
    ApiPropertyOptional({ description: 'Opaque cursor from an api-results-next or api-results-previous header.', maxLength: 200 }),
    IsOptional(),
    IsString(),
    MaxLength(200),
  );

/** `page_size` of a cursor-paged list, 1 to `max`. */
export const PageSizeParameter = (max: number, fallback: number, description: string) =>
  applyDecorators(
    ApiPropertyOptional({ minimum: 1, maximum: max, default: fallback, description }),
    IsOptional(),
    ToNumber(() => Number),
    IsInt(),
    Min(1),
    Max(max),
  );

/** date_start/date_end of every data endpoint (contract.md "Date filters"). */
export class DateRangeQuery {
  @ApiPropertyOptional({ format: 'date-time', example: '2026-11-01T00:00:00Z', description: `Lower bound of the record time (its start), included. Daily records: its UTC date. ${SUPPORTED_RANGE}` })
  @IsOptional()
  @IsSupportedDateTime()
  date_start?: string;

  @ApiPropertyOptional({ format: 'date-time', example: '2026-11-30T23:59:59Z', description: `Upper bound of the record time (its start), included. Daily records: its UTC date. ${SUPPORTED_RANGE}` })
  @IsOptional()
  @IsSupportedDateTime()
  date_end?: string;
}

/** Cursor pagination and date filters (contract.md "Pagination"). */
export class DataPageQuery extends DateRangeQuery {
  @CursorParameter()
  cursor?: string;

  @PageSizeParameter(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, 'Records per page.')
  page_size?: number;
}

export class DeduplicateQuery extends DataPageQuery {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: one record per real day (daily summaries) or session (workouts) instead of one per source.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  deduplicate?: boolean;
}

export class WorkoutQuery extends DeduplicateQuery {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true with page_size=1: adds heart_rate_samples.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  heart_rate_detail?: boolean;
}

export class HeartRateSampleQuery extends DataPageQuery {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: adds heart_rate_samples.' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  heart_rate_detail?: boolean;
}

export class SleepSummaryQuery extends DataPageQuery {
  @ApiPropertyOptional({ type: Boolean, default: false, description: 'true: when exactly one record is returned, adds its `detail` (sleep stages).' })
  @IsOptional()
  @QueryBoolean()
  @IsBoolean()
  detail?: boolean;
}

export class BiometricMeasurementQuery extends DataPageQuery {
  @ApiProperty({ enum: MEASUREMENT_TYPES, example: 'BLOOD_PRESSURE', description: 'The measurement type to list (required).' })
  @IsIn(MEASUREMENT_TYPES as readonly string[], { message: `measurement_type must be one of ${MEASUREMENT_TYPES.join(', ')}` })
  measurement_type!: string;
}
