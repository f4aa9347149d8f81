import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { IssueConnectionWidgetUseCase, ListConnectionsUseCase, Principal } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { ConnectionsQuery, ConnectionView, ConnectionWidgetView } from './connection.dto';
import { presentConnections, widgetUrl } from './connection-presenter';

const PublicId = () => ApiParam({ name: 'public_id', format: 'uuid', description: 'The profile public_id.' });

/** A profile's connections: their states with connect links, and the widget page. */
@ApiTags('Connection')
@Controller('profile/:public_id')
export class ProfileConnectionController {
  constructor(
    private readonly listConnections: ListConnectionsUseCase,
    private readonly issueWidget: IssueConnectionWidgetUseCase,
  ) {}

  @Get('connections')
  @ApiExtension('x-strive-auth', "the profile's own bearer, or the administrator of its app")
  @Auth('own-profile')
  @PublicId()
  @ApiOperation({
    operationId: 'profile_connections_list',
    summary: 'Every source the server connects to, with the profile\'s connection state and a connect URL',
    description: 'apple and health_connect are listed with connects_via mobile_sdk and no connect_url. Reading writes nothing: a connect flow starts when a connect_url is opened.',
  })
  @ApiOkResponse({ type: [ConnectionView] })
  @ApiProblemResponses(400, 404)
  async list(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Query() query: ConnectionsQuery, @RequestUrl() url: ApiUrl) {
    const listing = await this.listConnections.execute({
      authority: { principal }, profileId: id, redirect: query.redirect ?? null, redirectOnError: query.redirect_on_error ?? false,
    });
    return presentConnections(listing, url);
  }

  @Get('connection_widget')
  @ApiExtension('x-strive-auth', "the profile's own bearer, or the administrator of its app")
  @Auth('own-profile')
  @PublicId()
  @ApiOperation({
    operationId: 'profile_connection_widget',
    summary: 'The URL of the connection page for this profile (a web page: sources, states, connect and disconnect buttons)',
  })
  @ApiOkResponse({ type: ConnectionWidgetView })
  @ApiProblemResponses(400, 404)
  async widget(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @RequestUrl() url: ApiUrl): Promise<ConnectionWidgetView> {
    const { ticket, expiresAt } = await this.issueWidget.execute({ principal, profileId: id });
    return { url: widgetUrl(url, ticket), expires_at: expiresAt.toISOString() };
  }
}
