import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BIO_AGE_MODEL, BioAgeWeek, GetBioAgeUseCase, InsightsError, Principal } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { RequestValidationError } from '../problem/request-validation.error';
import { BioAge, BioAgeQuery } from './bio-age.dto';

const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function present(week: BioAgeWeek): BioAge {
  const { inputs, adjustments } = week;
  return {
    week_start: week.weekStart, week_end: week.weekEnd, status: week.status, bio_age: week.bioAge, fitness_age: week.fitnessAge,
    chronological_age: week.chronologicalAge, difference: week.difference,
    inputs: {
      sex: inputs.sex, vo2_max: tenth(inputs.vo2Max), resting_heart_rate: tenth(inputs.restingHeartRate), daily_steps: tenth(inputs.dailySteps),
      sleep_hours: tenth(inputs.sleepHours), bmi: tenth(inputs.bmi),
    },
    adjustments: { resting_heart_rate: adjustments.restingHeartRate, steps: adjustments.steps, sleep: adjustments.sleep, bmi: adjustments.bmi },
    missing: [...week.missing], reason: week.reason, model: BIO_AGE_MODEL,
  };
}

@ApiTags('Insights')
@Controller('insights')
export class InsightsController {
  constructor(private readonly getBioAge: GetBioAgeUseCase) {}

  @Get('bio_age')
  @Auth('profile')
  @ApiOperation({
    operationId: 'insights_bio_age',
    summary: "The profile's bio age, one per ISO week overlapping the range",
    description:
      'A wellness estimate, not a diagnosis: a fitness age from the newest VO2 max (HUNT3 Fitness Study reference means), adjusted by ' +
      'resting heart rate, daily steps, sleep and BMI through published mortality hazard ratios (docs/insights.md). Weeks without a VO2 max ' +
      "or without a known sex (the profile's gender) answer status insufficient_data, naming what is missing.",
  })
  @ApiOkResponse({ type: [BioAge] })
  @ApiProblemResponses(400)
  async bioAge(@CurrentPrincipal() principal: Principal, @Query() query: BioAgeQuery): Promise<BioAge[]> {
    const profileId = principal.kind === 'profile' ? principal.profileId : '';
    try {
      const weeks = await this.getBioAge.execute({
        appId: principal.appId, profileId, startDate: query.start_date, endDate: query.end_date, birthYear: query.birth_year ?? null,
      });
      return weeks.map(present);
    } catch (error) {
      if (error instanceof InsightsError) throw new RequestValidationError([{ field: error.field, message: error.message }]);
      throw error;
    }
  }
}
