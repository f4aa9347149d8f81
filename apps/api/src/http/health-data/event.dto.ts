import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MAX_EVENT_POINTS } from '@strive/domain';
import { IsNumber, IsOptional, IsString, Length, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { IsSupportedDateTime } from '../shared/supported-date-time';

/** Body of POST profile/{id}/event/ (contract.md "Events (points)"). */
export class EventBody {
  @ApiProperty({ example: 'Completed onboarding quiz', minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  name!: string;

  @ApiProperty({ example: 25, minimum: 0, maximum: MAX_EVENT_POINTS, description: `Points awarded: 0 to ${MAX_EVENT_POINTS}.` })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_EVENT_POINTS)
  points!: number;

  @ApiPropertyOptional({
    format: 'date-time', example: '2026-11-20T09:00:00Z',
    description: 'When it happened; defaults to now; decides the challenge period. Not in the future, not before 1900-01-01T00:00:00Z.',
  })
  @IsOptional()
  @IsSupportedDateTime()
  timestamp?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'QUIZ', description: 'Activity type the points count for (challenges filtered by activity type).' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @Matches(/^[A-Z][A-Z0-9_]{0,49}$/, { message: 'activity_type must be an upper-case word such as RUNNING' })
  activity_type?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'quiz-2026-11', maxLength: 200 })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(200)
  reference?: string | null;
}

/** Event: an action that awarded points. */
export class EventView {
  @ApiProperty({ format: 'uuid', example: '3f0c9a52-8d5e-4b8e-9a43-1f7f6f5b2c10' })
  public_id!: string;

  @ApiProperty({ example: 'Completed onboarding quiz' })
  name!: string;

  @ApiProperty({ example: 25 })
  points!: number;

  @ApiProperty({ format: 'date-time', example: '2026-11-20T09:00:00.000Z' })
  timestamp!: string;

  @ApiProperty({ type: String, nullable: true, example: 'QUIZ' })
  activity_type!: string | null;

  @ApiProperty({ example: 'quiz-2026-11' })
  reference!: string;
}
