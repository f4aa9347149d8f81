import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { GetNotificationUseCase, Principal, SendNotificationToAllUseCase, SendNotificationToProfilesUseCase } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { RecordedPushReader } from '../../delivery/notifications/recorded-push-reader';
import { BoundedOffsetPageQuery } from '../challenge/input-rules';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { DEFAULT_LIMIT, offsetPage } from '../shared/offset-page';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { withNotificationFieldErrors } from './notification-field-errors';
import {
  NotificationBody, NotificationDetailView, NotificationForProfilesBody, NotificationForProfilesView, NotificationView, RecordedPushList,
} from './notification.dto';
import { presentNotification, presentNotificationDetail, presentNotificationForProfiles, presentRecordedPush } from './notification.presenter';

const FAN_OUT =
  'Answers at once with status queued: a background job (notification.fan_out) sends to the devices in batches of 500, ' +
  'ios through APNs, android and web through FCM (or records the messages where that service is not configured), and ' +
  'removes the devices whose tokens the service reports unregistered. GET notification/{public_id}/ shows its progress.';

@ApiTags('Notification')
@Controller('notification')
export class NotificationController {
  constructor(
    private readonly sendToAllUseCase: SendNotificationToAllUseCase,
    private readonly sendToProfilesUseCase: SendNotificationToProfilesUseCase,
    private readonly getNotification: GetNotificationUseCase,
    private readonly recorded: RecordedPushReader,
  ) {}

  @Post('send_to_all')
  @Auth('admin')
  @ApiOperation({ operationId: 'notification_send_to_all', summary: 'Send a notification to every registered device of the app', description: FAN_OUT })
  @ApiCreatedResponse({ type: NotificationView })
  @ApiProblemResponses(400)
  async sendToAll(@CurrentPrincipal() principal: Principal, @Body() body: NotificationBody): Promise<NotificationView> {
    return presentNotification(await withNotificationFieldErrors(() => this.sendToAllUseCase.execute({ appId: principal.appId, ...body })));
  }

  @Post('send_to_profiles')
  @Auth('admin')
  @ApiOperation({
    operationId: 'notification_send_to_profiles',
    summary: 'Send a notification to every registered device of the listed profiles',
    description: `Every listed profile must be a profile of the app: otherwise 400 naming the others, and nothing is sent. ${FAN_OUT}`,
  })
  @ApiCreatedResponse({ type: NotificationForProfilesView })
  @ApiProblemResponses(400)
  async sendToProfiles(@CurrentPrincipal() principal: Principal, @Body() body: NotificationForProfilesBody): Promise<NotificationForProfilesView> {
    const { profiles, ...content } = body;
    const notification = await withNotificationFieldErrors(() => this.sendToProfilesUseCase.execute({ appId: principal.appId, ...content, profileIds: profiles }));
    return presentNotificationForProfiles(notification);
  }

  @Get(':public_id')
  @Auth('admin')
  @ApiParam({ name: 'public_id', format: 'uuid', description: 'The notification public_id.' })
  @ApiOperation({ operationId: 'notification_read', summary: 'A notification with the progress and counts of its fan-out' })
  @ApiOkResponse({ type: NotificationDetailView })
  @ApiProblemResponses(400, 404)
  async read(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string): Promise<NotificationDetailView> {
    return presentNotificationDetail(await this.getNotification.execute({ appId: principal.appId, notificationId: id }));
  }

  @Get(':public_id/recorded')
  @Auth('admin')
  @ApiParam({ name: 'public_id', format: 'uuid', description: 'The notification public_id.' })
  @ApiOperation({
    operationId: 'notification_recorded_list',
    summary: 'What the recording sender kept for a notification (platforms without a configured push service)',
    description: 'One entry per device token, in the order kept; empty where every platform has its push service configured.',
  })
  @ApiOkResponse({ type: RecordedPushList })
  @ApiProblemResponses(400, 404)
  async listRecorded(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: BoundedOffsetPageQuery,
    @RequestUrl() url: ApiUrl,
  ) {
    await this.getNotification.execute({ appId: principal.appId, notificationId: id });
    const page = await this.recorded.page(principal.appId, id, query.limit ?? DEFAULT_LIMIT, query.offset ?? 0);
    return offsetPage(url, query, page.count, page.items.map(presentRecordedPush));
  }
}
