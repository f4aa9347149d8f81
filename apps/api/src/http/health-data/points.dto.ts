import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { MAX_MIN_DURATION_SECONDS, MAX_POINTS_CAP, MAX_POINTS_RATE } from '@strive/domain';
import { ArrayMaxSize, IsArray, IsBoolean, IsNumber, IsOptional, Matches, Max, Min, ValidateIf, ValidateNested } from 'class-validator';

const Rate = (example: number, description: string, max = MAX_POINTS_RATE) => [
  ApiProperty({ example, minimum: 0, maximum: max, description: `${description} 0 to ${max}.` }),
  IsNumber({ allowNaN: false, allowInfinity: false }),
  Min(0),
  Max(max),
];
const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));

export class DailyPointsRuleBody {
  @apply(Rate(1, 'Points per 1000 steps of the day.')) per_1000_steps!: number;
  @apply(Rate(0, 'Points per km of the day.')) per_kilometre!: number;
  @apply(Rate(0, 'Points per kcal of the day.')) per_kcal!: number;
  @apply(Rate(0, 'Points per active minute of the day.')) per_active_minute!: number;

  @ApiProperty({ type: Number, nullable: true, example: 20, minimum: 0, maximum: MAX_POINTS_CAP, description: `Cap of one day's points, 0 to ${MAX_POINTS_CAP}; null: none.` })
  @ValidateIf((_, v) => v !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_POINTS_CAP)
  max_per_day!: number | null;
}

export class ActivityPointsRateBody {
  @apply(Rate(0, 'Points per workout.')) per_workout!: number;
  @apply(Rate(0, 'Points per km.')) per_kilometre!: number;
  @apply(Rate(0.1, 'Points per minute.')) per_minute!: number;
  @apply(Rate(0, 'Points per kcal.')) per_kcal!: number;
  @apply(Rate(300, 'Shorter workouts earn nothing (seconds).', MAX_MIN_DURATION_SECONDS)) min_duration_seconds!: number;

  @ApiProperty({ type: Number, nullable: true, example: null, minimum: 0, maximum: MAX_POINTS_CAP, description: `Cap of one workout's points, 0 to ${MAX_POINTS_CAP}; null: none.` })
  @ValidateIf((_, v) => v !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_POINTS_CAP)
  max_per_workout!: number | null;
}

export class ActivityPointsRuleBody extends ActivityPointsRateBody {
  @ApiProperty({ example: 'RUNNING', description: 'The activity type the rule applies to.' })
  @Matches(/^[A-Z][A-Z0-9_]{0,49}$/, { message: 'activity_type must be an upper-case word such as RUNNING' })
  activity_type!: string;
}

/** The app's points definition (GET/PUT app/points/). */
export class PointsDefinitionBody {
  @ApiProperty({ type: DailyPointsRuleBody })
  @ValidateNested()
  @Type(() => DailyPointsRuleBody)
  daily!: DailyPointsRuleBody;

  @ApiProperty({ type: [ActivityPointsRuleBody], description: 'Rules per activity type.' })
  @IsArray()
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => ActivityPointsRuleBody)
  activities!: ActivityPointsRuleBody[];

  @ApiProperty({ type: ActivityPointsRateBody, nullable: true, description: 'Rate of activity types without a rule; null: they earn nothing.' })
  @ValidateIf((_, v) => v !== null)
  @ValidateNested()
  @Type(() => ActivityPointsRateBody)
  other_activities!: ActivityPointsRateBody | null;

  @ApiPropertyOptional({ example: true, default: true, description: 'Whether workouts typed in by hand earn points.' })
  @IsOptional()
  @IsBoolean()
  count_manual_workouts?: boolean;
}
