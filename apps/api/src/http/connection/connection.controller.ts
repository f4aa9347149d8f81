import { applyDecorators, Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBody, ApiExtension, ApiFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags,
} from '@nestjs/swagger';
import {
  CompleteConnectionUseCase, DisconnectConnectionUseCase, DomainError, Principal, ReceiveVendorWebhookUseCase, StartConnectionUseCase,
} from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ApiProblemResponses, problemResponse } from '../problem/api-problem-responses';
import { statusOfDomainError } from '../problem/domain-error-status';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { AppConnectionUrl, AuthorizeQuery, ConnectBody, DisconnectQuery, EmptyAnswer } from './connection.dto';
import { messagePage, PageReply } from './connection-pages';
import { callbackUrl, widgetUrl } from './connection-presenter';

const SlugParam = () =>
  ApiParam({ name: 'slug', example: 'strava', description: 'The lower-case source name (garmin, fitbit, polar, oura, withings, strava, ...). apple and health_connect answer 400 (mobile SDK).' });

const VENDOR_JSON = { 'application/json': { schema: { type: 'object', additionalProperties: true } } };
const VENDOR_TEXT = { 'text/plain': { schema: { type: 'string' } } };

/**
 * What a vendor's webhook call is answered: `{}` once accepted, or the handshake answer its
 * vendor expects (Strava's hub.challenge, Fitbit's 204 or 404, Oura's 401, Polar's PING), in
 * the vendor's own format; an unknown slug or an unreadable or forged call is a problem.
 */
const VendorAnswers = () =>
  applyDecorators(
    ApiExtension('x-strive-answers', 'vendor'),
    ApiResponse({ status: 200, description: 'Accepted (`{}`), or the handshake answer the vendor expects.', content: { ...VENDOR_JSON, ...VENDOR_TEXT } }),
    ApiResponse({ status: 204, description: 'A handshake the vendor expects answered empty (Fitbit: the verify code matches).' }),
    ApiResponse({ status: 401, description: "The vendor's own refusal (Oura: the verification token does not match).", content: VENDOR_JSON }),
    ApiResponse({ status: 403, description: "The vendor's own refusal (Strava: the verify token does not match).", content: VENDOR_JSON }),
    ApiResponse({ status: 404, description: 'Unknown slug (a problem), or the vendor\'s own empty refusal (Fitbit: the verify code does not match).', content: { ...problemResponse(404).content, ...VENDOR_TEXT } }),
    ApiProblemResponses(400),
  );

/** A browser-facing operation: no bearer, refusals as HTML pages (x-strive-answers: html). */
const PublicPage = (authorizedBy: string) =>
  applyDecorators(ApiExtension('x-strive-auth', `public: ${authorizedBy}`), ApiExtension('x-strive-answers', 'html'));

interface RedirectReply extends PageReply {
  redirect(url: string, code?: number): unknown;
}

interface RawRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** The body as received (configure-app.ts keeps it for the webhook route's signature checks). */
  rawBody?: string;
}

/** Only the plain string values of a query (a repeated parameter is ignored). */
function stringsOf(query: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A refused browser request: the problem as a page, with its status. */
function errorPage(reply: PageReply, error: unknown): unknown {
  if (!(error instanceof DomainError)) throw error;
  return messagePage(reply, statusOfDomainError(error), 'Connection failed', error.message);
}

/**
 * Connecting a profile to a vendor: connect/ (the consent URL for a bearer), authorize/ (the same
 * from a browser with a ticket), callback/ (the vendor's redirect), webhook/ (the vendor's
 * notifications). docs/connections.md has the flow.
 */
@ApiTags('Connection')
@Controller('connection/:slug')
export class ConnectionController {
  constructor(
    private readonly start: StartConnectionUseCase,
    private readonly complete: CompleteConnectionUseCase,
    private readonly disconnect: DisconnectConnectionUseCase,
    private readonly webhook: ReceiveVendorWebhookUseCase,
  ) {}

  @Post('connect')
  @HttpCode(200)
  @Auth('own-profile')
  @SlugParam()
  @ApiOperation({
    operationId: 'connection_connect',
    summary: "The vendor's consent URL for a profile (OAuth 2.0 with PKCE; state valid 10 minutes, once)",
    description: 'Open `url` in the person\'s browser. After consent the vendor returns to Strive, which stores the tokens (encrypted), starts a backfill and sends the person to `redirect`.',
  })
  @ApiBody({ type: ConnectBody })
  @ApiOkResponse({ type: AppConnectionUrl })
  @ApiProblemResponses(400, 404)
  async connect(@CurrentPrincipal() principal: Principal, @Param('slug') slug: string, @Body() body: ConnectBody, @RequestUrl() url: ApiUrl): Promise<AppConnectionUrl> {
    return this.start.execute({
      authority: { principal }, slug, profileId: body.profile, redirect: body.redirect ?? null, redirectOnError: body.redirect_on_error ?? false,
      callbackUrl: callbackUrl(url, slug),
    });
  }

  @Delete('connect')
  @HttpCode(200)
  @Auth('own-profile')
  @SlugParam()
  @ApiOperation({ operationId: 'connection_disconnect', summary: 'Disconnect: the vendor grant is revoked at the vendor and the tokens are deleted' })
  @ApiOkResponse({ type: EmptyAnswer, description: 'Disconnected (an empty object).' })
  @ApiProblemResponses(400, 404)
  async remove(@CurrentPrincipal() principal: Principal, @Param('slug') slug: string, @Query() query: DisconnectQuery): Promise<EmptyAnswer> {
    await this.disconnect.execute({ authority: { principal }, slug, profileId: query.profile });
    return {};
  }

  @Get('authorize')
  @PublicPage('the ticket in the URL')
  @SlugParam()
  @ApiOperation({
    operationId: 'connection_authorize',
    summary: 'Starts a connect flow from a browser: the connect_url of connections/ and the widget buttons (public; the ticket authorizes)',
  })
  @ApiFoundResponse({ description: "Redirect to the vendor's consent page." })
  @ApiProduces('text/html')
  @ApiResponse({ status: 400, description: 'An HTML error page: invalid or expired ticket, mobile-SDK source.', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 404, description: 'An HTML error page: unknown slug, or the profile is gone.', content: { 'text/html': { schema: { type: 'string' } } } })
  async authorize(@Param('slug') slug: string, @Query() query: AuthorizeQuery, @RequestUrl() url: ApiUrl, @Res() reply: RedirectReply) {
    const toWidget = query.return === 'widget';
    try {
      const { url: consent } = await this.start.execute({
        authority: { ticket: query.ticket }, slug, profileId: null, callbackUrl: callbackUrl(url, slug),
        ...(toWidget ? { redirect: widgetUrl(url, query.ticket, { source: slug }), redirectOnError: true } : {}),
      });
      return reply.redirect(consent, 302);
    } catch (error) {
      return errorPage(reply, error);
    }
  }

  @Get('callback')
  @PublicPage('the single-use OAuth state')
  @SlugParam()
  @ApiOperation({
    operationId: 'connection_callback',
    summary: "The vendor's OAuth redirect (public; register it with the vendor)",
    description:
      'Consumes the state (once), exchanges the code, stores the tokens encrypted and asks for the backfill. Success: 302 to redirect, ' +
      'else a success page. Failure: 302 to redirect?error=access_denied|unknown when redirect_on_error, else an error page.',
  })
  @ApiQuery({ name: 'state', required: true, description: 'The state of the connect flow.' })
  @ApiQuery({ name: 'code', required: false, description: 'The authorization code (success).' })
  @ApiQuery({ name: 'error', required: false, description: 'The vendor\'s error (e.g. access_denied). The vendor may add other parameters.' })
  @ApiFoundResponse({ description: 'Redirect to the app\'s redirect URL (with ?error=... on failure when redirect_on_error).' })
  @ApiResponse({ status: 200, description: 'The success or failure page (no redirect given).', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, description: 'An HTML error page: missing, unknown, used or expired state.', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 404, description: 'An HTML error page: unknown slug.', content: { 'text/html': { schema: { type: 'string' } } } })
  async callback(@Param('slug') slug: string, @Query() query: Record<string, unknown>, @Res() reply: RedirectReply) {
    try {
      const result = await this.complete.execute({ slug, query: stringsOf(query) });
      if (result.redirect !== null) return reply.redirect(result.redirect, 302);
      const name = result.source.charAt(0) + result.source.slice(1).toLowerCase();
      return result.outcome === 'connected'
        ? messagePage(reply, 200, 'Connected', `${name} is connected. Your data will appear shortly; you can close this page.`)
        : messagePage(reply, 200, 'Not connected', result.outcome === 'access_denied' ? `Access to ${name} was not granted.` : `Connecting ${name} failed; please try again.`);
    } catch (error) {
      return errorPage(reply, error);
    }
  }

  @Get('webhook')
  @ApiExtension('x-strive-auth', "public: the vendor's verify token")
  @SlugParam()
  @ApiOperation({ operationId: 'connection_webhook_handshake', summary: "The vendor's webhook subscription handshake (public; e.g. Strava hub.challenge)" })
  @VendorAnswers()
  handshake(@Param('slug') slug: string, @Query() query: Record<string, unknown>, @Req() request: RawRequest, @Res() reply: RedirectReply) {
    return this.receive(slug, query, request, reply);
  }

  @Post('webhook')
  @ApiExtension('x-strive-auth', "public: the vendor's signature, checked by its adapter")
  @SlugParam()
  @ApiOperation({
    operationId: 'connection_webhook',
    summary: "The vendor's change notifications (public; the adapter checks the vendor's signature)",
    description: 'Answers at once; each notified connection gets a sync job (one waiting job per connection).',
  })
  @VendorAnswers()
  @ApiProblemResponses(415)
  notify(@Param('slug') slug: string, @Query() query: Record<string, unknown>, @Req() request: RawRequest, @Res() reply: RedirectReply) {
    return this.receive(slug, query, request, reply);
  }

  private async receive(slug: string, query: Record<string, unknown>, request: RawRequest, reply: RedirectReply) {
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(',') : v]));
    const answer = await this.webhook.execute({
      slug, request: { method: request.method === 'GET' ? 'GET' : 'POST', query: stringsOf(query), headers, rawBody: request.rawBody ?? '' },
    });
    if (answer.kind === 'accepted') return reply.status(200).header('content-type', 'application/json').send('{}');
    const text = typeof answer.body === 'string';
    return reply
      .status(answer.status)
      .header('content-type', text ? 'text/plain; charset=utf-8' : 'application/json')
      .send(text ? (answer.body as string) : JSON.stringify(answer.body));
  }
}
