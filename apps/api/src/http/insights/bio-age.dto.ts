import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { BIO_AGE_MODEL, MAX_INSIGHT_WEEKS } from '@strive/domain';
import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export class BioAgeQuery {
  @ApiProperty({ format: 'date', example: '2026-11-02', description: 'First day of the range (YYYY-MM-DD); its ISO week is the first one answered.' })
  @IsString()
  @Matches(DATE, { message: 'start_date must be a date YYYY-MM-DD' })
  start_date!: string;

  @ApiProperty({
    format: 'date', example: '2026-11-22',
    description: `Last day of the range (YYYY-MM-DD), not before start_date; the range may touch at most ${MAX_INSIGHT_WEEKS} ISO weeks.`,
  })
  @IsString()
  @Matches(DATE, { message: 'end_date must be a date YYYY-MM-DD' })
  end_date!: string;

  @ApiPropertyOptional({
    type: 'integer', minimum: 1900, maximum: 2100, example: 1980,
    description: 'Year of birth, 1900 to the current year (a later year is 400): when given, each week also carries chronological_age and difference. Not stored.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1900)
  @Max(2100)
  birth_year?: number;
}

export class BioAgeInputsView {
  @ApiProperty({ type: String, nullable: true, enum: ['male', 'female'], example: 'male', description: "From the profile's gender (male/m/man, female/f/woman, any case)." })
  sex!: 'male' | 'female' | null;

  @ApiProperty({ type: Number, nullable: true, example: 45, description: 'Newest VO2_MAX measurement of the 90 days up to the end of the week (mL/kg/min).' })
  vo2_max!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 58.3, description: 'Mean resting heart rate of the week (bpm), from at least 3 days.' })
  resting_heart_rate!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 8000, description: 'Mean steps a day of the week, from at least 3 days.' })
  daily_steps!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 7.2, description: 'Mean hours asleep a night of the week, from at least 3 nights.' })
  sleep_hours!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 24.1, description: 'Newest BMI of the year up to the end of the week (kg/m²), else weight / height².' })
  bmi!: number | null;
}

export class BioAgeAdjustmentsView {
  @ApiProperty({ type: Number, nullable: true, example: -1, description: 'Years added (negative: taken away) for the resting heart rate; null without it.' })
  resting_heart_rate!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: -0.1, description: 'Years for the daily steps.' })
  steps!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 0, description: 'Years for the sleep duration.' })
  sleep!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 0, description: 'Years for the BMI.' })
  bmi!: number | null;
}

/** One ISO week of the profile's bio age (docs/insights.md). */
export class BioAge {
  @ApiProperty({ format: 'date', example: '2026-11-16', description: 'Monday of the ISO week.' })
  week_start!: string;

  @ApiProperty({ format: 'date', example: '2026-11-22', description: 'Sunday of the ISO week.' })
  week_end!: string;

  @ApiProperty({ enum: ['ok', 'insufficient_data'], example: 'ok', description: 'insufficient_data: no estimate this week (reason says why).' })
  status!: 'ok' | 'insufficient_data';

  @ApiProperty({ type: Number, nullable: true, example: 47.9, description: 'Estimated bio age in years (one decimal, 20 to 90); null unless status is ok.' })
  bio_age!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 49, description: 'Age whose healthy average has this VO2 max (HUNT3), before the adjustments.' })
  fitness_age!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 46, description: 'The year of week_end minus birth_year; null without birth_year.' })
  chronological_age!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 1.9, description: 'bio_age - chronological_age; null unless both are known.' })
  difference!: number | null;

  @ApiProperty({ type: BioAgeInputsView })
  inputs!: BioAgeInputsView;

  @ApiProperty({ type: BioAgeAdjustmentsView })
  adjustments!: BioAgeAdjustmentsView;

  @ApiProperty({ type: [String], example: ['sleep_hours'], description: 'Inputs this week lacks: sex and vo2_max are required, the others optional.' })
  missing!: string[];

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Why there is no estimate; null when status is ok.' })
  reason!: string | null;

  @ApiProperty({ example: BIO_AGE_MODEL, description: 'The model and its version (docs/insights.md).' })
  model!: string;
}
