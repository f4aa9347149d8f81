import { Body, Controller, Delete, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtension, ApiNoContentResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Principal, RegisterDeviceUseCase, RemoveDeviceUseCase } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { withNotificationFieldErrors } from './notification-field-errors';
import { DeviceBody, DeviceQuery, DeviceView } from './notification.dto';
import { presentDevice } from './notification.presenter';

const OWN_OR_ADMIN = "the profile's own bearer, or the administrator of its app";

@ApiTags('Notification')
@ApiParam({ name: 'profile_public_id', format: 'uuid', description: 'The profile public_id.' })
@Controller('profile/:profile_public_id/devices')
export class DeviceController {
  constructor(
    private readonly registerDevice: RegisterDeviceUseCase,
    private readonly removeDevice: RemoveDeviceUseCase,
  ) {}

  @Post()
  @Auth('own-profile')
  @ApiExtension('x-strive-auth', OWN_OR_ADMIN)
  @ApiOperation({
    operationId: 'profile_devices_create',
    summary: 'Register a push token of the profile',
    description: 'One device per token in the app: a token registered before (by this or another profile) moves to this profile.',
  })
  @ApiCreatedResponse({ type: DeviceView })
  @ApiProblemResponses(400, 404)
  async register(@CurrentPrincipal() principal: Principal, @Param('profile_public_id', UuidParamPipe) profileId: string, @Body() body: DeviceBody): Promise<DeviceView> {
    const device = await withNotificationFieldErrors(() => this.registerDevice.execute({ principal, profileId, token: body.token, platform: body.platform }));
    return presentDevice(device);
  }

  @Delete()
  @Auth('own-profile')
  @ApiExtension('x-strive-auth', OWN_OR_ADMIN)
  @HttpCode(204)
  @ApiOperation({ operationId: 'profile_devices_delete', summary: 'Remove a push token of the profile (?token=)' })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiProblemResponses(400, 404)
  async remove(@CurrentPrincipal() principal: Principal, @Param('profile_public_id', UuidParamPipe) profileId: string, @Query() query: DeviceQuery): Promise<void> {
    await this.removeDevice.execute({ principal, profileId, token: query.token });
  }
}
