import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ACTIVITY_TYPES } from '@strive/domain';
import { Auth } from '../../auth/auth.decorators';

@ApiTags('Activity types')
@Controller('activity_types')
export class ActivityTypesController {
  @Get()
  @Auth('either')
  @ApiOperation({
    operationId: 'activity_types_list',
    summary: 'The known activity types',
    description:
      'The upper-case activity types of workouts, activity segments, points rules and challenge filters. Uploads may use other ' +
      'upper-case words too (a source\'s own type); these are the ones every source is mapped to.',
  })
  @ApiOkResponse({ schema: { type: 'array', items: { type: 'string', enum: [...ACTIVITY_TYPES] }, example: ACTIVITY_TYPES.slice(0, 4) } })
  list(): readonly string[] {
    return ACTIVITY_TYPES;
  }
}
