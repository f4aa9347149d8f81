import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiBody, ApiExtension, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DisconnectConnectionUseCase, DomainError, ListConnectionsUseCase, slugOf } from '@strive/domain';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { statusOfDomainError } from '../problem/domain-error-status';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { EmptyAnswer, WidgetDisconnectBody, WidgetPageQuery } from './connection.dto';
import { messagePage, PageReply, widgetPage } from './connection-pages';
import { authorizeUrl } from './connection-presenter';

const titleOf = (slug: string) => slug.split('_').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');

/**
 * The connection widget (docs/connections.md "The widget"): a page the app opens in a browser or
 * web view, authorized by the signed ticket in its URL; its buttons use authorize/ and disconnect/.
 */
@ApiTags('Connection')
@Controller('connection_widget')
export class ConnectionWidgetController {
  constructor(
    private readonly listConnections: ListConnectionsUseCase,
    private readonly disconnect: DisconnectConnectionUseCase,
  ) {}

  @Get()
  @ApiExtension('x-strive-auth', 'public: the ticket in the URL')
  @ApiExtension('x-strive-answers', 'html')
  @ApiOperation({ operationId: 'connection_widget_page', summary: 'The connection widget page (public; the ticket of profile/{id}/connection_widget/ authorizes)' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The page.', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, description: 'An HTML error page: invalid or expired ticket.', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 404, description: 'An HTML error page: the profile is gone.', content: { 'text/html': { schema: { type: 'string' } } } })
  async page(@Query() query: WidgetPageQuery, @RequestUrl() url: ApiUrl, @Res() reply: PageReply) {
    try {
      const listing = await this.listConnections.execute({ authority: { ticket: query.ticket }, profileId: null });
      const entries = listing.sources.map(({ source, connection }) => ({
        slug: slugOf(source), name: titleOf(slugOf(source)), state: connection?.state ?? 'not_connected',
        lastSyncAt: connection?.lastSyncAt?.toISOString().replace('T', ' ').slice(0, 16) ?? null, lastError: connection?.lastError ?? null,
        connectUrl: authorizeUrl(url, slugOf(source), query.ticket, true),
      }));
      const about = query.source !== undefined && entries.some((e) => e.slug === query.source) ? titleOf(query.source) : null;
      const banner = query.error !== undefined
        ? { ok: false, text: query.error === 'access_denied' ? `Access${about ? ` to ${about}` : ''} was not granted.` : 'Connecting failed; please try again.' }
        : about !== null ? { ok: true, text: `${about} is connected.` } : null;
      return widgetPage(reply, entries, banner, query.ticket, `${url.origin}/api/v1/connection_widget/disconnect/`);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return messagePage(reply, statusOfDomainError(error), 'Connection page unavailable', error.message);
    }
  }

  @Post('disconnect')
  @HttpCode(200)
  @ApiExtension('x-strive-auth', 'public: the ticket in the body')
  @ApiOperation({ operationId: 'connection_widget_disconnect', summary: "The widget's disconnect button (public; the ticket authorizes)" })
  @ApiBody({ type: WidgetDisconnectBody })
  @ApiOkResponse({ type: EmptyAnswer, description: 'Disconnected (an empty object).' })
  @ApiProblemResponses(400, 404)
  async remove(@Body() body: WidgetDisconnectBody): Promise<EmptyAnswer> {
    await this.disconnect.execute({ authority: { ticket: body.ticket }, slug: body.source, profileId: null });
    return {};
  }
}
