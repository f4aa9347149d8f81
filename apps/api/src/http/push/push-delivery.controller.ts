import { Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ListPushDeliveriesUseCase, Principal, RetryPushDeliveryUseCase } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { DEFAULT_PAGE_SIZE } from '../health-data/data-query.dto';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { decodeDeliveryCursor, encodeDeliveryCursor } from './push-delivery-cursor';
import { PushDeliveryQuery, PushDeliveryView } from './push-delivery.dto';
import { presentDelivery } from './push.presenter';

interface HeaderResponse {
  header(name: string, value: string): unknown;
}

const PAGE_HEADERS = {
  'api-results-next': { description: 'Absolute URL of the next (older) page; absent on the last page.', schema: { type: 'string', format: 'uri' } },
  'api-results-previous': { description: 'Absolute URL of the previous (newer) page; absent on the first page.', schema: { type: 'string', format: 'uri' } },
};

/** The delivery log (docs/webhooks.md "Delivery log"). */
@ApiTags('Webhooks')
@Controller('app/push_deliveries')
export class PushDeliveryController {
  constructor(
    private readonly listDeliveries: ListPushDeliveriesUseCase,
    private readonly retryDelivery: RetryPushDeliveryUseCase,
  ) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ operationId: 'push_delivery_list', summary: 'Deliveries with every attempt, newest first (cursor pages)' })
  @ApiOkResponse({ type: [PushDeliveryView], headers: PAGE_HEADERS })
  @ApiProblemResponses(400)
  async list(
    @CurrentPrincipal() principal: Principal,
    @Query() query: PushDeliveryQuery,
    @RequestUrl() url: ApiUrl,
    @Res({ passthrough: true }) response: HeaderResponse,
  ): Promise<PushDeliveryView[]> {
    const cursor = query.cursor === undefined ? null : decodeDeliveryCursor(query.cursor);
    const limit = query.page_size ?? DEFAULT_PAGE_SIZE;
    const direction = cursor?.direction ?? 'older';
    const found = await this.listDeliveries.execute({
      appId: principal.appId, endpointId: query.endpoint, event: query.event, status: query.status,
      position: cursor?.position, direction, limit: limit + 1,
    });
    // One more than a page tells whether the list goes on in the direction read.
    const more = found.length > limit;
    const page = direction === 'older' ? found.slice(0, limit) : found.slice(found.length - Math.min(found.length, limit));
    if (page.length > 0) {
      const first = page[0].delivery;
      const last = page[page.length - 1].delivery;
      const hasOlder = direction === 'older' ? more : true;
      const hasNewer = direction === 'newer' ? more : cursor !== null;
      if (hasOlder) response.header('api-results-next', url.withQuery({ cursor: encodeDeliveryCursor({ direction: 'older', position: { createdAt: last.createdAt, id: last.id } }) }));
      if (hasNewer) response.header('api-results-previous', url.withQuery({ cursor: encodeDeliveryCursor({ direction: 'newer', position: { createdAt: first.createdAt, id: first.id } }) }));
    }
    return page.map(presentDelivery);
  }

  @Post(':id/retry')
  @Auth('admin')
  @ApiParam({ name: 'id', format: 'uuid', description: 'The delivery id.' })
  @HttpCode(200)
  @ApiOperation({ operationId: 'push_delivery_retry', summary: 'Send a failed (or delivered) delivery again now, under the same webhook-id, with a new 24-hour retry window' })
  @ApiOkResponse({ type: PushDeliveryView })
  @ApiProblemResponses(400, 404, 409)
  async retry(@CurrentPrincipal() principal: Principal, @Param('id', UuidParamPipe) id: string): Promise<PushDeliveryView> {
    return presentDelivery(await this.retryDelivery.execute({ appId: principal.appId, id }));
  }
}
