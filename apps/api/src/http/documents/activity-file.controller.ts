import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiResponseOptions, ApiTags } from '@nestjs/swagger';
import {
  ActivityFile, ActivityFileFormat, GetActivityFileUseCase, MAX_ACTIVITY_FILE_POINTS, Principal,
} from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { writeFit } from '../../documents/fit-writer';
import { writeGpx } from '../../documents/gpx-writer';
import { writeTcx } from '../../documents/tcx-writer';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { ActivityIdPipe } from './activity-file-id.pipe';
import { ActivityFileListQuery, ActivityFileQuery, ActivityFileView } from './activity-file.dto';
import { ActivityFileListReader } from './activity-file-list.reader';

interface FileResponse {
  header(name: string, value: string): unknown;
}

const WRITERS: Record<ActivityFileFormat, { contentType: string; write: (file: ActivityFile) => string | Buffer }> = {
  gpx: { contentType: 'application/gpx+xml', write: writeGpx },
  tcx: { contentType: 'application/vnd.garmin.tcx+xml', write: writeTcx },
  fit: { contentType: 'application/vnd.ant.fit', write: writeFit },
};

const PAGE_HEADERS: ApiResponseOptions['headers'] = {
  'api-results-next': { description: 'Absolute URL of the next page; absent on the last page.', schema: { type: 'string', format: 'uri' } },
  'api-results-previous': { description: 'Absolute URL of the previous page; absent on the first page.', schema: { type: 'string', format: 'uri' } },
};

const binary = { schema: { type: 'string', format: 'binary' } };

@ApiTags('Profile data')
@Controller('profile/:profile_public_id/activity_file')
export class ActivityFileController {
  constructor(
    private readonly list: ActivityFileListReader,
    private readonly getFile: GetActivityFileUseCase,
  ) {}

  @Get()
  @Auth('own-profile')
  @ApiExtension('x-strive-auth', "the profile's own bearer, or the administrator of its app")
  @ApiParam({ name: 'profile_public_id', format: 'uuid', description: 'The profile public_id.' })
  @ApiOperation({
    operationId: 'profile_activity_file_list',
    summary: 'Workouts that can be downloaded as activity files',
    description:
      'The workouts of the profile that have a GPS track (track samples of the same source inside the workout that name it or ' +
      'no workout) or heart-rate samples, oldest first, as cursor pages with the formats and the URL of each file. GPX is offered ' +
      'only with a track.',
  })
  @ApiOkResponse({ type: [ActivityFileView], headers: PAGE_HEADERS, description: 'One page, oldest first.' })
  @ApiProblemResponses(400, 404)
  async index(
    @CurrentPrincipal() principal: Principal,
    @Param('profile_public_id', UuidParamPipe) profileId: string,
    @Query() query: ActivityFileListQuery,
    @RequestUrl() url: ApiUrl,
    @Res({ passthrough: true }) response: FileResponse,
  ): Promise<unknown[]> {
    const page = await this.list.page(principal, profileId, query, url);
    if (page.next) response.header('api-results-next', page.next);
    if (page.previous) response.header('api-results-previous', page.previous);
    return page.body;
  }

  @Get(':activity_id')
  @Auth('own-profile')
  @ApiExtension('x-strive-auth', "the profile's own bearer, or the administrator of its app")
  @ApiParam({ name: 'profile_public_id', format: 'uuid', description: 'The profile public_id.' })
  @ApiParam({ name: 'activity_id', schema: { type: 'string', pattern: '^[0-9]{1,19}$' }, description: 'The id of an item of activity_file/.' })
  @ApiOperation({
    operationId: 'profile_activity_file_get',
    summary: 'One workout as a GPX, TCX or FIT file',
    description:
      'Built from the stored workout, its track samples and its heart-rate samples. GPX 1.1 with heart rate in Garmin\'s ' +
      'TrackPointExtension; TCX v2 with one lap; FIT (Garmin FIT SDK) with file_id, record, lap, session and activity messages. ' +
      `At most ${MAX_ACTIVITY_FILE_POINTS} points (a longer track is cut). A workout without a GPS track has no GPX (400). ` +
      "Another profile's workout, or one without samples, is 404.",
  })
  @ApiProduces('application/gpx+xml', 'application/vnd.garmin.tcx+xml', 'application/vnd.ant.fit')
  @ApiOkResponse({
    description: 'The file, with Content-Disposition: attachment; filename="activity-<id>.<format>".',
    headers: { 'content-disposition': { description: 'attachment; filename="activity-<id>.<format>"', schema: { type: 'string' } } },
    content: { 'application/gpx+xml': binary, 'application/vnd.garmin.tcx+xml': binary, 'application/vnd.ant.fit': binary },
  })
  @ApiProblemResponses(400, 404)
  async download(
    @CurrentPrincipal() principal: Principal,
    @Param('profile_public_id', UuidParamPipe) profileId: string,
    @Param('activity_id', ActivityIdPipe) activityId: string,
    @Query() query: ActivityFileQuery,
    @Res({ passthrough: true }) response: FileResponse,
  ): Promise<string | Buffer> {
    const { file, format } = await this.getFile.execute({ principal, profileId, activityId, format: query.format as ActivityFileFormat | undefined });
    const writer = WRITERS[format];
    response.header('content-type', format === 'fit' ? writer.contentType : `${writer.contentType}; charset=utf-8`);
    response.header('content-disposition', `attachment; filename="activity-${file.id}.${format}"`);
    return writer.write(file);
  }
}
