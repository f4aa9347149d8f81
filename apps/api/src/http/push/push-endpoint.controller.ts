import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  Clock, CreatePushEndpointUseCase, DeletePushEndpointUseCase, GetPushEndpointUseCase, ListPushEndpointsUseCase, Principal,
  RotatePushEndpointSecretUseCase, UpdatePushEndpointUseCase,
} from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { CLOCK } from '../../system/tokens';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { PushEndpointBody, PushEndpointPatchBody, PushEndpointView, PushEndpointWithSecret } from './push-endpoint.dto';
import { presentEndpoint, presentEndpointWithSecret } from './push.presenter';

const EndpointId = () => ApiParam({ name: 'id', format: 'uuid', description: 'The push endpoint id.' });

/** The app's webhook endpoints (contract.md "Push endpoints", docs/webhooks.md). */
@ApiTags('Webhooks')
@Controller('app/push_endpoints')
export class PushEndpointController {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly listEndpoints: ListPushEndpointsUseCase,
    private readonly getEndpoint: GetPushEndpointUseCase,
    private readonly createEndpoint: CreatePushEndpointUseCase,
    private readonly updateEndpoint: UpdatePushEndpointUseCase,
    private readonly deleteEndpoint: DeletePushEndpointUseCase,
    private readonly rotateSecret: RotatePushEndpointSecretUseCase,
  ) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ operationId: 'push_endpoint_list', summary: "The app's push endpoints, oldest first" })
  @ApiOkResponse({ type: [PushEndpointView] })
  @ApiProblemResponses(400)
  async list(@CurrentPrincipal() principal: Principal): Promise<PushEndpointView[]> {
    const now = this.clock.now();
    return (await this.listEndpoints.execute({ appId: principal.appId })).map((e) => presentEndpoint(e, now));
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ operationId: 'push_endpoint_create', summary: 'Register a callback URL for one data type (at most 100 per app); answers its signing secret, once' })
  @ApiCreatedResponse({ type: PushEndpointWithSecret })
  @ApiProblemResponses(400, 409)
  async create(@CurrentPrincipal() principal: Principal, @Body() body: PushEndpointBody): Promise<PushEndpointWithSecret> {
    const endpoint = await this.createEndpoint.execute({
      appId: principal.appId,
      fields: { dataType: body.data_type, url: body.url, active: body.active ?? true, version: body.version ?? 'V1' },
    });
    return presentEndpointWithSecret(endpoint, this.clock.now());
  }

  @Get(':id')
  @Auth('admin')
  @EndpointId()
  @ApiOperation({ operationId: 'push_endpoint_read', summary: 'Read a push endpoint (never its secret)' })
  @ApiOkResponse({ type: PushEndpointView })
  @ApiProblemResponses(400, 404)
  async read(@CurrentPrincipal() principal: Principal, @Param('id', UuidParamPipe) id: string): Promise<PushEndpointView> {
    return presentEndpoint(await this.getEndpoint.execute({ appId: principal.appId, id }), this.clock.now());
  }

  @Patch(':id')
  @Auth('admin')
  @EndpointId()
  @ApiOperation({ operationId: 'push_endpoint_partial_update', summary: 'Change some fields of a push endpoint (a new URL is checked as on creation)' })
  @ApiOkResponse({ type: PushEndpointView })
  @ApiProblemResponses(400, 404)
  async patch(@CurrentPrincipal() principal: Principal, @Param('id', UuidParamPipe) id: string, @Body() body: PushEndpointPatchBody): Promise<PushEndpointView> {
    const change = {
      ...(body.data_type !== undefined ? { dataType: body.data_type } : {}),
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.version !== undefined ? { version: body.version } : {}),
    };
    return presentEndpoint(await this.updateEndpoint.execute({ appId: principal.appId, id, change }), this.clock.now());
  }

  @Delete(':id')
  @Auth('admin')
  @EndpointId()
  @HttpCode(204)
  @ApiOperation({ operationId: 'push_endpoint_delete', summary: 'Delete a push endpoint with its delivery log' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async remove(@CurrentPrincipal() principal: Principal, @Param('id', UuidParamPipe) id: string): Promise<void> {
    await this.deleteEndpoint.execute({ appId: principal.appId, id });
  }

  @Post(':id/rotate_secret')
  @Auth('admin')
  @EndpointId()
  @HttpCode(200)
  @ApiOperation({ operationId: 'push_endpoint_rotate_secret', summary: 'A new signing secret, answered once; the old one keeps signing (a second signature) for 24 hours' })
  @ApiOkResponse({ type: PushEndpointWithSecret })
  @ApiProblemResponses(400, 404)
  async rotate(@CurrentPrincipal() principal: Principal, @Param('id', UuidParamPipe) id: string): Promise<PushEndpointWithSecret> {
    return presentEndpointWithSecret(await this.rotateSecret.execute({ appId: principal.appId, id }), this.clock.now());
  }
}
