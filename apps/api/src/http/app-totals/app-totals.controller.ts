import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Principal } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { GamificationReads } from '../../gamification/gamification-reads';
import { isoDuration } from '../challenge/challenge.presenter';

export class AppTotals {
  @ApiProperty({ example: 1250, description: 'Profiles of the app.' })
  num_profiles!: number;

  @ApiProperty({ example: 5200000.5, description: 'kcal of all daily summaries (merged per profile and date).' })
  total_calories!: number;

  @ApiProperty({ example: 830000000, description: 'Metres of all daily summaries.' })
  total_distance!: number;

  @ApiProperty({ example: 98000000 })
  total_steps!: number;

  @ApiProperty({ example: 120500.5, description: "Sum of the profiles' total_points." })
  total_points!: number;

  @ApiProperty({ example: 'PT15200H30M', description: 'Active time of all daily summaries (ISO 8601 duration).' })
  total_activity_duration!: string;
}

@ApiTags('App')
@Controller('app')
export class AppTotalsController {
  constructor(private readonly reads: GamificationReads) {}

  @Get('totals')
  @Auth('either')
  @ApiOperation({ operationId: 'app_totals', summary: "Totals over all profiles of the app (one element)" })
  @ApiOkResponse({ type: [AppTotals] })
  async totals(@CurrentPrincipal() principal: Principal): Promise<AppTotals[]> {
    const totals = await this.reads.appTotals(principal.appId);
    return [
      {
        num_profiles: totals.profiles,
        total_calories: totals.calories,
        total_distance: totals.distance,
        total_steps: totals.steps,
        total_points: totals.points,
        total_activity_duration: isoDuration(totals.durationSeconds),
      },
    ];
  }
}
