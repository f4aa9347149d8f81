import { Body, Controller, Get, Param, Post, Put } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AwardEventPointsUseCase, GetPointsDefinitionUseCase, PointsDefinition, Principal, SetPointsDefinitionUseCase } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { EventBody, EventView } from './event.dto';
import { withFieldErrors } from './field-errors';
import { presentEvent } from './health-data.presenter';
import { PointsDefinitionBody } from './points.dto';

function present(definition: PointsDefinition): PointsDefinitionBody {
  const rate = (r: NonNullable<PointsDefinition['otherActivities']>) => ({
    per_workout: r.perWorkout, per_kilometre: r.perKilometre, per_minute: r.perMinute, per_kcal: r.perKcal,
    min_duration_seconds: r.minDurationSeconds, max_per_workout: r.maxPerWorkout,
  });
  return {
    daily: {
      per_1000_steps: definition.daily.per1000Steps, per_kilometre: definition.daily.perKilometre, per_kcal: definition.daily.perKcal,
      per_active_minute: definition.daily.perActiveMinute, max_per_day: definition.daily.maxPerDay,
    },
    activities: definition.activities.map((rule) => ({ activity_type: rule.activityType, ...rate(rule) })),
    other_activities: definition.otherActivities && rate(definition.otherActivities),
    count_manual_workouts: definition.countManualWorkouts,
  };
}

function toDefinition(appId: string, body: PointsDefinitionBody): PointsDefinition {
  const rate = (r: PointsDefinitionBody['activities'][number] | NonNullable<PointsDefinitionBody['other_activities']>) => ({
    perWorkout: r.per_workout, perKilometre: r.per_kilometre, perMinute: r.per_minute, perKcal: r.per_kcal,
    minDurationSeconds: r.min_duration_seconds, maxPerWorkout: r.max_per_workout,
  });
  return {
    appId,
    daily: {
      per1000Steps: body.daily.per_1000_steps, perKilometre: body.daily.per_kilometre, perKcal: body.daily.per_kcal,
      perActiveMinute: body.daily.per_active_minute, maxPerDay: body.daily.max_per_day,
    },
    activities: body.activities.map((rule) => ({ activityType: rule.activity_type, ...rate(rule) })),
    otherActivities: body.other_activities && rate(body.other_activities),
    countManualWorkouts: body.count_manual_workouts ?? true,
  };
}

/** snake_case field paths of the definition for problem details (domain paths are camelCase). */
const snake = (path: string) => path.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace('per1000_steps', 'per_1000_steps');

@ApiTags('Points')
@Controller()
export class PointsController {
  constructor(
    private readonly getDefinition: GetPointsDefinitionUseCase,
    private readonly setDefinition: SetPointsDefinitionUseCase,
    private readonly awardEvent: AwardEventPointsUseCase,
  ) {}

  @Get('app/points')
  @Auth('admin')
  @ApiOperation({ operationId: 'app_points_read', summary: "The app's points definition (the default one until it sets its own)" })
  @ApiOkResponse({ type: PointsDefinitionBody })
  async read(@CurrentPrincipal() principal: Principal): Promise<PointsDefinitionBody> {
    return present(await this.getDefinition.execute({ appId: principal.appId }));
  }

  @Put('app/points')
  @Auth('admin')
  @ApiOperation({
    operationId: 'app_points_update',
    summary: "Replace the app's points definition",
    description:
      "Points of daily summaries and workouts are served from the current definition at once. Every profile's total_points " +
      'and the scores of running POINTS challenges are recomputed by a background job (points.recount) that starts within ' +
      'seconds; it is durable (a restart resumes it) and a second change while it waits is folded into it.',
  })
  @ApiOkResponse({ type: PointsDefinitionBody })
  @ApiProblemResponses(400)
  async replace(@CurrentPrincipal() principal: Principal, @Body() body: PointsDefinitionBody): Promise<PointsDefinitionBody> {
    const definition = await withFieldErrors(() => this.setDefinition.execute({ definition: toDefinition(principal.appId, body) })).catch((error) => {
      if (error?.errors) error.errors = error.errors.map((e: { field: string; message: string }) => ({ ...e, field: snake(e.field) }));
      throw error;
    });
    return present(definition);
  }

  @Post('profile/:profile_public_id/event')
  @Auth('admin')
  @ApiParam({ name: 'profile_public_id', format: 'uuid', description: 'The profile public_id.' })
  @ApiOperation({ operationId: 'profile_event_create', summary: 'Create an event that awards points to the profile' })
  @ApiCreatedResponse({ type: EventView })
  @ApiProblemResponses(400, 404)
  async createEvent(
    @CurrentPrincipal() principal: Principal,
    @Param('profile_public_id', UuidParamPipe) profileId: string,
    @Body() body: EventBody,
  ): Promise<EventView> {
    const event = await withFieldErrors(() =>
      this.awardEvent.execute({
        appId: principal.appId,
        profileId,
        name: body.name,
        points: body.points,
        timestamp: body.timestamp ? new Date(body.timestamp) : null,
        activityType: body.activity_type ?? null,
        reference: body.reference ?? null,
      }),
    );
    return presentEvent(event);
  }
}
