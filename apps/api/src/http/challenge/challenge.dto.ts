import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow, ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsISO8601, IsNumber, IsOptional, IsString, IsUUID, Length, Matches,
  Max, MaxLength, Min, ValidateIf,
} from 'class-validator';
import {
  CALCULATION_METHODS, DATA_SOURCES, ENROLLMENT_METHODS, GOAL_PERIODS, MAX_GRACE_DAYS, REPETITIONS, VISIBILITIES,
} from '@strive/domain';
import { OffsetPageOf, OffsetPageQuery } from '../shared/offset-page';

/** type values accepted on input: GLOBAL is an alias of GROUP. */
export const CHALLENGE_TYPE_INPUTS = ['INDIVIDUAL', 'TEAM', 'GROUP', 'GLOBAL'] as const;
/** goal_type values accepted on input: KCAL and TIME are aliases of CALORIES and DURATION. */
export const GOAL_TYPE_INPUTS = ['DISTANCE', 'STEPS', 'CALORIES', 'DURATION', 'POINTS', 'KCAL', 'TIME'] as const;

const EXAMPLE_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

/** A query flag: only the words true and false (class-transformer's Boolean would read "false" as true). */
export const BooleanWord = () =>
  Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));

/** POST and PUT body of a challenge. Read-only fields of a read may be sent back: they are ignored. */
export class ChallengeBody {
  @ApiProperty({ example: '10,000 steps a day', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  title!: string;

  @ApiPropertyOptional({ example: 'Every step counts', maxLength: 500, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  slogan?: string;

  @ApiPropertyOptional({ example: 'Walk 10,000 steps every day of March.', maxLength: 5000, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'https://cdn.example.com/challenges/steps.png', maxLength: 2000 })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(2000)
  avatar?: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T00:00:00Z', description: 'Inclusive start (any offset accepted).' })
  @IsISO8601({ strict: true })
  start!: string;

  @ApiProperty({ format: 'date-time', example: '2026-04-01T00:00:00Z', description: 'Exclusive end (any offset accepted).' })
  @IsISO8601({ strict: true })
  end!: string;

  @ApiPropertyOptional({ example: 'Europe/Berlin', default: 'UTC', description: 'IANA time zone in which periods are cut.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  timezone?: string;

  @ApiProperty({ enum: CHALLENGE_TYPE_INPUTS, example: 'INDIVIDUAL', description: 'GLOBAL is accepted for GROUP.' })
  @IsIn(CHALLENGE_TYPE_INPUTS)
  type!: (typeof CHALLENGE_TYPE_INPUTS)[number];

  @ApiProperty({ enum: GOAL_PERIODS, example: 'DAILY' })
  @IsIn(GOAL_PERIODS)
  goal!: (typeof GOAL_PERIODS)[number];

  @ApiPropertyOptional({
    type: Number, nullable: true, example: 10000, default: null,
    description: 'Positive; null or omitted for a leaderboard challenge without goal (highest value wins).',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  goal_value?: number | null;

  @ApiProperty({ enum: GOAL_TYPE_INPUTS, example: 'STEPS', description: 'KCAL is accepted for CALORIES, TIME for DURATION.' })
  @IsIn(GOAL_TYPE_INPUTS)
  goal_type!: (typeof GOAL_TYPE_INPUTS)[number];

  @ApiPropertyOptional({ enum: VISIBILITIES, default: 'PUBLIC', example: 'PUBLIC' })
  @IsOptional()
  @IsIn(VISIBILITIES)
  visibility?: (typeof VISIBILITIES)[number];

  @ApiPropertyOptional({ enum: CALCULATION_METHODS, default: 'SUM', example: 'SUM' })
  @IsOptional()
  @IsIn(CALCULATION_METHODS)
  calculation_method?: (typeof CALCULATION_METHODS)[number];

  @ApiPropertyOptional({ enum: ENROLLMENT_METHODS, default: 'MANUAL', example: 'MANUAL' })
  @IsOptional()
  @IsIn(ENROLLMENT_METHODS)
  enrollment_method?: (typeof ENROLLMENT_METHODS)[number];

  @ApiPropertyOptional({ enum: REPETITIONS, default: 'NONE', example: 'STREAK' })
  @IsOptional()
  @IsIn(REPETITIONS)
  repetition?: (typeof REPETITIONS)[number];

  @ApiPropertyOptional({ enum: DATA_SOURCES, default: 'dailysummary', example: 'dailysummary' })
  @IsOptional()
  @IsIn(DATA_SOURCES)
  data_source?: (typeof DATA_SOURCES)[number];

  @ApiPropertyOptional({ type: [String], example: ['RUNNING'], default: [], description: 'Workout activity types that count (data_source workout); empty: all.' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @Matches(/^[A-Z][A-Z0-9_]*$/, { each: true, message: 'activity_types must be upper-case words such as RUNNING' })
  activity_types?: string[];

  @ApiPropertyOptional({ type: String, example: 'RUNNING', description: 'Alias of activity_types with one type (the name used by some create examples).' })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Z][A-Z0-9_]*$/, { message: 'activity_type must be an upper-case word such as RUNNING' })
  activity_type?: string;

  @ApiPropertyOptional({ example: 7, default: 7, minimum: 0, maximum: MAX_GRACE_DAYS, description: 'Days after end during which late data still rescores.' })
  @IsOptional()
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

/** PATCH body: any subset of the fields. */
export class ChallengePatchBody extends PartialType(ChallengeBody) {}

export class ChallengeListQuery extends OffsetPageQuery {
  @ApiPropertyOptional({ minimum: 0, example: 4, description: 'Only challenges not ended in the last N weeks (running and upcoming ones included).' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(5200)
  recent?: number;
}

export class MembersPageQuery extends OffsetPageQuery {}

export class DateRangeQuery {
  @ApiPropertyOptional({ minimum: 0, example: 0, description: '0-based index of a period as listed by periods/; omitted: the current period.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  date_range?: number;
}

export class LeaderboardQuery extends OffsetPageQuery {
  @ApiPropertyOptional({ minimum: 0, example: 0, description: '0-based index of a period as listed by periods/; omitted: the current period.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  date_range?: number;
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

  @ApiProperty({ type: String, nullable: true, example: 'female' })
  gender!: string | null;

  @ApiProperty({ type: TeamRef, nullable: true, description: "TEAM challenges: the team the member plays for; else the profile's first team." })
  team!: TeamRef | null;

  @ApiProperty({ example: 'crm-1042' })
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

export class ChallengeWithMembersView extends ChallengeView {
  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null, description: 'Next page of members.' })
  members_next!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null, description: 'Previous page of members.' })
  members_previous!: string | null;
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

// ---- membership bodies ----

export class MemberBody {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The profile public_id (a profile bearer: its own).' })
  @IsUUID()
  profile!: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, example: null, description: "TEAM challenges: the team to play for; omitted: the profile's first team." })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUUID()
  team?: string | null;
}

export class MembersBody {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID] })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID(undefined, { each: true })
  profiles!: string[];

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, example: null, description: "TEAM challenges: the team every listed profile plays for; omitted: each one's first team." })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUUID()
  team?: string | null;
}

export class RemoveMembersBody {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID] })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID(undefined, { each: true })
  profiles!: string[];
}

export class MemberQuery {
  @ApiProperty({ format: 'uuid', description: 'The profile public_id.' })
  @IsUUID()
  profile!: string;
}

export class DeactivateMemberBody {
  @ApiPropertyOptional({ format: 'uuid', example: EXAMPLE_ID, description: 'The profile (or the profile query parameter).' })
  @IsOptional()
  @IsUUID()
  profile?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, example: null, description: 'Accepted for symmetry; the member keeps its team.' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUUID()
  team?: string | null;

  @ApiPropertyOptional({ example: false, default: false, description: 'false deactivates (score frozen, still visible), true reactivates.' })
  @IsOptional()
  @IsBoolean()
  is_active?: boolean;
}

export class DeactivateMembersBody {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID] })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID(undefined, { each: true })
  profiles!: string[];

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, example: null })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsUUID()
  team?: string | null;

  @ApiPropertyOptional({ example: false, default: false })
  @IsOptional()
  @IsBoolean()
  is_active?: boolean;
}

export class DeactivateQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'The profile (deactivate_member: required here or in the body).' })
  @IsOptional()
  @IsUUID()
  profile?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  team?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'Overrides the body: false deactivates, true reactivates (default false).' })
  @IsOptional()
  @BooleanWord()
  @IsBoolean()
  is_active?: boolean;
}

export class MemberResult {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  profile!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null, description: 'The team the member plays for (TEAM challenges).' })
  team!: string | null;
}

export class MembersResult {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID] })
  profiles!: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  team!: string | null;
}

export class RemoveMembersResult {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID] })
  profiles!: string[];
}

export class DeactivateMemberResult {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  profile!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  team!: string | null;

  @ApiProperty({ example: false })
  is_active!: boolean;
}

export class DeactivateMembersResult {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID] })
  profiles!: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  team!: string | null;

  @ApiProperty({ example: false })
  is_active!: boolean;
}

// ---- leaderboards, periods, history ----

export class ChallengePeriodView {
  @ApiProperty({ example: 0, description: 'The 0-based index: the date_range value of this period.' })
  date_range!: number;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T00:00:00.000Z', description: 'Inclusive.' })
  start!: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-03T00:00:00.000Z', description: 'Exclusive.' })
  end!: string;

  @ApiProperty({ example: true, description: 'The period containing now (the first before the start, the last after the end).' })
  is_current!: boolean;
}

export class LeaderboardProfileEntry {
  @ApiProperty({ example: 1, description: '1-based standard competition rank (1224): equal scores share a rank.' })
  rank!: number;

  @ApiProperty({
    example: 12000,
    description:
      'INDIVIDUAL: the repetition score (NONE: progress in the period; STREAK: longest run of reached periods up to it; STICK TO IT: reached periods up to it). TEAM and GROUP: the member\'s contribution in the period.',
  })
  score!: number;

  @ApiProperty({ example: 12000, description: "The member's own progress in the selected period (goal type unit)." })
  progress!: number;

  @ApiProperty({ example: true, description: "Whether the selected period's goal was reached: by the member (INDIVIDUAL), its team (TEAM), the group (GROUP)." })
  goal_reached!: boolean;

  @ApiProperty({ type: ChallengeMemberView })
  profile!: ChallengeMemberView;

  @ApiProperty({ type: TeamRef, nullable: true, description: 'The team the member plays for (TEAM challenges).' })
  team!: TeamRef | null;
}

export class LeaderboardTeamEntry {
  @ApiProperty({ example: 1 })
  rank!: number;

  @ApiProperty({ example: 3, description: "The team's repetition score over its team progress (NONE: progress in the period)." })
  score!: number;

  @ApiProperty({ example: 21000, description: 'SUM or AVERAGE of the members\' contributions in the selected period.' })
  progress!: number;

  @ApiProperty({ example: true })
  goal_reached!: boolean;

  @ApiProperty({ type: TeamRef })
  team!: TeamRef;

  @ApiProperty({ example: 5, description: 'Members playing for the team.' })
  num_members!: number;
}

export class LeaderboardProfileAndTeam {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  challenge!: string;

  @ApiProperty({ type: ChallengePeriodView })
  period!: ChallengePeriodView;

  @ApiProperty({ example: 120, description: 'Ranked members.' })
  count!: number;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  next!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  previous!: string | null;

  @ApiProperty({ type: [LeaderboardProfileEntry], description: 'One page of the member ranking (limit, offset).' })
  results!: LeaderboardProfileEntry[];

  @ApiProperty({ type: LeaderboardProfileEntry, nullable: true, description: "The requesting profile's own entry, also outside the page; null for an administrator or a non-member." })
  requester!: LeaderboardProfileEntry | null;

  @ApiProperty({ type: [LeaderboardTeamEntry], description: 'TEAM challenges: the first 100 teams of the team ranking; empty otherwise.' })
  teams!: LeaderboardTeamEntry[];
}

export class LeaderboardTeamPage {
  @ApiProperty({ example: 2 })
  count!: number;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  next!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  previous!: string | null;

  @ApiProperty({ type: [LeaderboardTeamEntry] })
  results!: LeaderboardTeamEntry[];

  @ApiProperty({ type: ChallengePeriodView })
  period!: ChallengePeriodView;

  @ApiProperty({ type: LeaderboardTeamEntry, nullable: true, description: "The requesting profile's team entry, null if it has none." })
  requester!: LeaderboardTeamEntry | null;
}

export class LeaderboardProfile {
  @ApiProperty({ type: TeamRef })
  team!: TeamRef;

  @ApiProperty({ type: ChallengePeriodView })
  period!: ChallengePeriodView;

  @ApiProperty({ example: 21000, description: "The team's progress in the period (SUM or AVERAGE)." })
  progress!: number;

  @ApiProperty({ example: 3 })
  count!: number;

  @ApiProperty({ type: [LeaderboardProfileEntry], description: "Every member playing for the team, ranked by contribution." })
  results!: LeaderboardProfileEntry[];
}

export class LeaderboardHistoryEntry {
  @ApiProperty({ example: 0 })
  date_range!: number;

  @ApiProperty({ format: 'date-time', example: '2026-03-02T00:00:00.000Z' })
  start!: string;

  @ApiProperty({ format: 'date-time', example: '2026-03-03T00:00:00.000Z' })
  end!: string;

  @ApiProperty({ example: 10500, description: "The profile's progress (its contribution in TEAM and GROUP challenges) in the period." })
  progress!: number;

  @ApiProperty({ example: true, description: "Whether the profile's own progress reached the goal in the period." })
  goal_reached!: boolean;

  @ApiProperty({ example: 3, description: 'The leaderboard score with this period selected.' })
  score!: number;
}

export class LeaderboardHistory {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  challenge!: string;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  profile!: string;

  @ApiProperty({ type: [LeaderboardHistoryEntry], description: 'Every period from the one the profile joined in up to the current one.' })
  results!: LeaderboardHistoryEntry[];
}
