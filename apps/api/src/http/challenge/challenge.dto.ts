import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow, ArrayMaxSize, IsArray, IsIn, IsInt, IsISO8601, IsNumber, IsOptional, IsString, Length, Matches, Max, MaxLength, Min,
  ValidateIf,
} from 'class-validator';
import {
  CALCULATION_METHODS, DATA_SOURCES, ENROLLMENT_METHODS, GOAL_PERIODS, MAX_CHALLENGE_PERIODS, MAX_CHALLENGE_SPAN_DAYS, MAX_GOAL_VALUE, MAX_GRACE_DAYS, REPETITIONS, VISIBILITIES,
} from '@strive/domain';
import { OffsetPageOf } from '../shared/offset-page';
import { BoundedOffsetPageQuery, IsWebUrl, OptionalNotNull, StorableText } from './input-rules';

/** Challenge resource: the challenge body, reads and lists (membership and leaderboards have their own DTO files). */

const EXAMPLE_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

/** type values accepted on input: GLOBAL is an alias of GROUP. */
export const CHALLENGE_TYPE_INPUTS = ['INDIVIDUAL', 'TEAM', 'GROUP', 'GLOBAL'] as const;

/** goal_type values accepted on input: KCAL and TIME are aliases of CALORIES and DURATION. */
export const GOAL_TYPE_INPUTS = ['DISTANCE', 'STEPS', 'CALORIES', 'DURATION', 'POINTS', 'KCAL', 'TIME'] as const;

/** POST and PUT body of a challenge. Read-only fields of a read may be sent back: they are ignored. */
export class ChallengeBody {
  @ApiProperty({ example: '10,000 steps a day', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  @StorableText()
  title!: string;

  @ApiPropertyOptional({ example: 'Every step counts', maxLength: 500, default: '' })
  @OptionalNotNull()
  @IsString()
  @MaxLength(500)
  @StorableText()
  slogan?: string;

  @ApiPropertyOptional({ example: 'Walk 10,000 steps every day of March.', maxLength: 5000, default: '' })
  @OptionalNotNull()
  @IsString()
  @MaxLength(5000)
  @StorableText()
  description?: string;

  @ApiPropertyOptional({
    type: String, nullable: true, format: 'uri', example: 'https://cdn.example.com/challenges/steps.png', maxLength: 2000,
    description: 'An absolute https URL (http only where the server sets ALLOW_HTTP_URLS=true, for development).',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(2000)
  @StorableText()
  @IsWebUrl()
  avatar?: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T00:00:00Z', description: `Inclusive start (any offset accepted).` })
  @IsISO8601({ strict: true })
  start!: string;

  @ApiProperty({ format: 'date-time', example: '2026-04-01T00:00:00Z', description: `Exclusive end (any offset accepted); at most ${MAX_CHALLENGE_SPAN_DAYS} days (ten years) after start, and at most ${MAX_CHALLENGE_PERIODS} periods.` })
  @IsISO8601({ strict: true })
  end!: string;

  @ApiPropertyOptional({ example: 'Europe/Berlin', default: 'UTC', description: 'IANA time zone in which periods are cut.' })
  @OptionalNotNull()
  @IsString()
  @MaxLength(64)
  @StorableText()
  timezone?: string;

  @ApiProperty({ enum: CHALLENGE_TYPE_INPUTS, example: 'INDIVIDUAL', description: 'GLOBAL is accepted for GROUP.' })
  @IsIn(CHALLENGE_TYPE_INPUTS)
  type!: (typeof CHALLENGE_TYPE_INPUTS)[number];

  @ApiProperty({ enum: GOAL_PERIODS, example: 'DAILY' })
  @IsIn(GOAL_PERIODS)
  goal!: (typeof GOAL_PERIODS)[number];

  @ApiPropertyOptional({
    type: Number, nullable: true, example: 10000, default: null, minimum: 0, exclusiveMinimum: true, maximum: MAX_GOAL_VALUE,
    description: 'Positive; null or omitted for a leaderboard challenge without goal (highest value wins).',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Max(MAX_GOAL_VALUE)
  goal_value?: number | null;

  @ApiProperty({ enum: GOAL_TYPE_INPUTS, example: 'STEPS', description: 'KCAL is accepted for CALORIES, TIME for DURATION.' })
  @IsIn(GOAL_TYPE_INPUTS)
  goal_type!: (typeof GOAL_TYPE_INPUTS)[number];

  @ApiPropertyOptional({ enum: VISIBILITIES, default: 'PUBLIC', example: 'PUBLIC' })
  @OptionalNotNull()
  @IsIn(VISIBILITIES)
  visibility?: (typeof VISIBILITIES)[number];

  @ApiPropertyOptional({ enum: CALCULATION_METHODS, default: 'SUM', example: 'SUM' })
  @OptionalNotNull()
  @IsIn(CALCULATION_METHODS)
  calculation_method?: (typeof CALCULATION_METHODS)[number];

  @ApiPropertyOptional({ enum: ENROLLMENT_METHODS, default: 'MANUAL', example: 'MANUAL' })
  @OptionalNotNull()
  @IsIn(ENROLLMENT_METHODS)
  enrollment_method?: (typeof ENROLLMENT_METHODS)[number];

  @ApiPropertyOptional({ enum: REPETITIONS, default: 'NONE', example: 'STREAK' })
  @OptionalNotNull()
  @IsIn(REPETITIONS)
  repetition?: (typeof REPETITIONS)[number];

  @ApiPropertyOptional({ enum: DATA_SOURCES, default: 'dailysummary', example: 'dailysummary' })
  @OptionalNotNull()
  @IsIn(DATA_SOURCES)
  data_source?: (typeof DATA_SOURCES)[number];

  @ApiPropertyOptional({ type: [String], example: ['RUNNING'], default: [], maxItems: 50, description: 'Workout activity types that count (data_source workout); empty: all. At most 50, each up to 64 characters.' })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  @Matches(/^[A-Z][A-Z0-9_]*$/, { each: true, message: 'activity_types must be upper-case words such as RUNNING' })
  activity_types?: string[];

  @ApiPropertyOptional({ type: String, example: 'RUNNING', description: 'Alias of activity_types with one type (the name used by some create examples).' })
  @OptionalNotNull()
  @IsString()
  @MaxLength(64)
  @Matches(/^[A-Z][A-Z0-9_]*$/, { message: 'activity_type must be an upper-case word such as RUNNING' })
  activity_type?: string;

  @ApiPropertyOptional({ example: 7, default: 7, minimum: 0, maximum: MAX_GRACE_DAYS, description: 'Days after end during which late data still rescores.' })
  @OptionalNotNull()
  @IsInt()
  @Min(0)
  @Max(MAX_GRACE_DAYS)
  grace_days?: number;

  // Read-only fields of a challenge read: accepted so a read can be sent back, never changed.
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() url?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() public_id?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() num_members?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() goal_progress?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() members?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() status?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() total_calories?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() total_distance?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() total_steps?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() total_points?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() total_activity_duration?: unknown;
}

/** PATCH body: any subset of the fields; `null` only where the field itself may be null (goal_value, avatar). */
export class ChallengePatchBody extends PartialType(ChallengeBody, { skipNullProperties: false }) {}

export class ChallengeListQuery extends BoundedOffsetPageQuery {
  @ApiPropertyOptional({ minimum: 0, example: 4, description: 'Only challenges not ended in the last N weeks (running and upcoming ones included).' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(5200)
  recent?: number;
}

export class TeamRef {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  public_id!: string;

  @ApiProperty({ example: 'Red runners' })
  name!: string;
}

/** A member object (interface.md): the profile plus the team it plays for and its state. */
export class ChallengeMemberView {
  @ApiProperty({ format: 'uri', example: `https://api.example.com/api/v1/profile/${EXAMPLE_ID}/` })
  url!: string;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  public_id!: string;

  @ApiProperty({ example: 'Ann Runner' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, example: 'female', description: "null for a profile bearer reading another profile (personal field)." })
  gender!: string | null;

  @ApiProperty({ type: TeamRef, nullable: true, description: "TEAM challenges: the team the member plays for; else the profile's first team." })
  team!: TeamRef | null;

  @ApiProperty({ example: 'crm-1042', description: "The client's own id of the profile; empty for a profile bearer reading another profile." })
  reference!: string;

  @ApiProperty({ example: true, description: 'false while deactivated: the score is frozen but stays visible.' })
  is_active!: boolean;
}

export class ChallengeListItem {
  @ApiProperty({ format: 'uri', example: `https://api.example.com/api/v1/challenge/${EXAMPLE_ID}/` })
  url!: string;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  public_id!: string;

  @ApiProperty({ example: '10,000 steps a day' })
  title!: string;

  @ApiProperty({ example: 'Every step counts' })
  slogan!: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T00:00:00.000Z' })
  start!: string;

  @ApiProperty({ format: 'date-time', example: '2026-04-01T00:00:00.000Z' })
  end!: string;

  @ApiProperty({ example: 'UTC' })
  timezone!: string;

  @ApiProperty({ enum: ['INDIVIDUAL', 'TEAM', 'GROUP'], example: 'INDIVIDUAL' })
  type!: string;

  @ApiProperty({ enum: GOAL_PERIODS, example: 'DAILY' })
  goal!: string;

  @ApiProperty({ type: Number, nullable: true, example: 10000 })
  goal_value!: number | null;

  @ApiProperty({ enum: ['DISTANCE', 'STEPS', 'CALORIES', 'DURATION', 'POINTS'], example: 'STEPS' })
  goal_type!: string;

  @ApiProperty({ enum: VISIBILITIES, example: 'PUBLIC' })
  visibility!: string;

  @ApiProperty({ example: 42 })
  num_members!: number;

  @ApiProperty({ example: 'Walk 10,000 steps every day of March.' })
  description!: string;

  @ApiProperty({ enum: CALCULATION_METHODS, example: 'SUM' })
  calculation_method!: string;

  @ApiProperty({
    type: Number, nullable: true, example: 0.64,
    description:
      "Fraction of the current period's goal reached by the requester's subject: its own progress (INDIVIDUAL), its team's (TEAM), the group's (GROUP). Not capped (1.3 = 130 %). 0 for an administrator or a non-member (except GROUP). null for a challenge without goal.",
  })
  goal_progress!: number | null;

  @ApiProperty({ enum: ENROLLMENT_METHODS, example: 'MANUAL' })
  enrollment_method!: string;

  @ApiProperty({ enum: REPETITIONS, example: 'NONE' })
  repetition!: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  avatar!: string | null;

  @ApiProperty({ enum: DATA_SOURCES, example: 'dailysummary' })
  data_source!: string;

  @ApiProperty({ type: [String], example: [] })
  activity_types!: string[];

  @ApiProperty({ example: 7 })
  grace_days!: number;

  @ApiProperty({ enum: ['not_started', 'running', 'ended'], example: 'running' })
  status!: string;

  @ApiProperty({ example: 152000.5, description: 'kcal counted by the challenge (all members, all periods).' })
  total_calories!: number;

  @ApiProperty({ example: 830000, description: 'Metres counted by the challenge.' })
  total_distance!: number;

  @ApiProperty({ example: 1250000 })
  total_steps!: number;

  @ApiProperty({ example: 1250.5, description: 'Points of counted records plus event points inside the challenge.' })
  total_points!: number;

  @ApiProperty({ example: 'PT152H30M', description: 'ISO 8601 duration of active time (daily summaries) or workouts counted.' })
  total_activity_duration!: string;
}

export class ChallengeView extends ChallengeListItem {
  @ApiProperty({ type: [ChallengeMemberView], description: 'The first 20 members by join time; members/ pages through all of them.' })
  members!: ChallengeMemberView[];
}

export const ChallengeList = OffsetPageOf(ChallengeListItem, 'ChallengeList');

export class ProfileChallengeItem extends ChallengeListItem {
  @ApiProperty({ example: true, description: 'Whether the profile is enrolled.' })
  joined!: boolean;
}

export class ProfileChallengeList {
  @ApiProperty({ example: 2 })
  count!: number;

  @ApiProperty({ type: [ProfileChallengeItem] })
  results!: ProfileChallengeItem[];
}

export class ProfileChallengeQuery {
  @ApiPropertyOptional({ minimum: 0, example: 4, description: 'Only challenges not ended in the last N weeks.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(5200)
  recent?: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'Challenges not joined must not have ended before this instant (default now).' })
  @IsOptional()
  @IsISO8601({ strict: true })
  date_start?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Challenges not joined must start before this instant (default: no bound).' })
  @IsOptional()
  @IsISO8601({ strict: true })
  date_end?: string;
}
