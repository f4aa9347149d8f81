import { applyDecorators, Body, Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import {
  ApiBody, ApiCreatedResponse, ApiExtension, ApiOkResponse, ApiOperation, ApiParam, ApiResponseOptions, ApiTags,
} from '@nestjs/swagger';
import { HealthDataType, IngestHealthDataUseCase, MAX_UPLOAD_RECORDS, Principal } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import {
  BiometricMeasurementQuery, DataPageQuery, DateRangeQuery, DeduplicateQuery, HeartRateSampleQuery, SleepSummaryQuery, WorkoutQuery,
} from './data-query.dto';
import { EventView } from './event.dto';
import { withFieldErrors } from './field-errors';
import { DataPage, HealthDataReader, PageOptions } from './health-data-reader';
import { DataUpload, ECG_RECORDING_SCHEMA, IngestionResult, SCHEMAS } from './health-data.schemas';

interface HeaderResponse {
  header(name: string, value: string): unknown;
}

const ProfileParam = () => ApiParam({ name: 'profile_public_id', format: 'uuid', description: 'The profile public_id.' });

const PAGE_HEADERS: ApiResponseOptions['headers'] = {
  'api-results-next': { description: 'Absolute URL of the next page; absent on the last page.', schema: { type: 'string', format: 'uri' } },
  'api-results-previous': { description: 'Absolute URL of the previous page; absent on the first page.', schema: { type: 'string', format: 'uri' } },
};

/** A cursor-paginated data endpoint (interface.md "Profile data"). */
function PullEndpoint(path: string, type: HealthDataType | null, summary: string, operationId: string) {
  return applyDecorators(
    Get(path),
    // Before Auth: the first x-strive-auth set is the one kept.
    ApiExtension('x-strive-auth', "the profile's own bearer, or the administrator of its app"),
    Auth('own-profile'),
    ProfileParam(),
    ApiOperation({ operationId, summary }),
    ...(type ? [ApiOkResponse({ type: [SCHEMAS[type].view], headers: PAGE_HEADERS, description: 'One page, oldest first.' })] : []),
    ApiProblemResponses(400, 404),
  );
}

function send(page: DataPage, response: HeaderResponse): unknown[] {
  if (page.next) response.header('api-results-next', page.next);
  if (page.previous) response.header('api-results-previous', page.previous);
  return page.body;
}

/**
 * Profile data: the upload (POST data/) and the 21 pull endpoints. Both accept the profile's
 * own bearer or its app's administrator (docs/decisions.md "Who may read profile data").
 */
@ApiTags('Profile data')
@Controller('profile/:profile_public_id')
export class DataController {
  constructor(
    private readonly ingest: IngestHealthDataUseCase,
    private readonly reader: HealthDataReader,
  ) {}

  @Post('data')
  @Auth('own-profile')
  @ApiExtension('x-strive-auth', "the profile's own bearer, or the administrator of its app")
  @ProfileParam()
  @ApiOperation({
    operationId: 'profile_data_create',
    summary: 'Upload records of any data type (idempotent per external_id)',
    description:
      `One source per upload, one array per data type. All-or-nothing: any invalid record answers 400 with the index ` +
      `path of every problem (e.g. workout[3].distance) and stores nothing. At most ${MAX_UPLOAD_RECORDS} records per ` +
      'request, all types together (413 beyond). A record whose (source, type, external_id) exists is updated, or left ' +
      'unchanged when equal.',
  })
  @ApiBody({ type: DataUpload })
  @ApiCreatedResponse({ type: IngestionResult, description: 'Counts per data type present in the upload.' })
  @ApiProblemResponses(400, 404, 413)
  async upload(
    @CurrentPrincipal() principal: Principal,
    @Param('profile_public_id', UuidParamPipe) profileId: string,
    @Body() body: unknown,
  ) {
    const result = await withFieldErrors(() => this.ingest.execute({ principal, profileId, body }));
    return result.counts;
  }

  private list(type: HealthDataType, principal: Principal, profileId: string, query: DataPageQuery, url: ApiUrl, response: HeaderResponse, options?: PageOptions) {
    return this.reader.page(principal, profileId, type, query, url, options).then((page) => send(page, response));
  }

  @PullEndpoint('activity_segment', 'activity_segment', 'Activity segments (non-workout movement)', 'profile_activity_segment_list')
  activitySegment(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('activity_segment', p, id, q, url, res);
  }

  @PullEndpoint('biometric', 'biometric', 'Weight, height and BMI changes', 'profile_biometric_list')
  biometric(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('biometric', p, id, q, url, res);
  }

  @PullEndpoint('biometric_measurement', 'biometric_measurement', 'Measurements of one measurement type', 'profile_biometric_measurement_list')
  biometricMeasurement(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: BiometricMeasurementQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('biometric_measurement', p, id, q, url, res, { subtype: q.measurement_type });
  }

  @PullEndpoint('bmi', 'bmi', 'BMI values', 'profile_bmi_list')
  bmi(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('bmi', p, id, q, url, res);
  }

  @PullEndpoint('daily_detail', 'daily_detail', 'Intraday activity details', 'profile_daily_detail_list')
  dailyDetail(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('daily_detail', p, id, q, url, res);
  }

  @PullEndpoint('daily_summary', 'daily_summary', 'Daily summaries (deduplicate=true: one per date)', 'profile_daily_summary_list')
  dailySummary(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DeduplicateQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('daily_summary', p, id, q, url, res, { deduplicate: q.deduplicate });
  }

  @PullEndpoint('detail_sample', 'detail_sample', 'Workout detail samples', 'profile_detail_sample_list')
  detailSample(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('detail_sample', p, id, q, url, res);
  }

  @PullEndpoint('ecg_recordings', 'ecg_recordings', 'ECG recordings (without their samples)', 'profile_ecg_recordings_list')
  ecgRecordings(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('ecg_recordings', p, id, q, url, res);
  }

  @Get('ecg_recordings/data')
  @Auth('own-profile')
  @ApiExtension('x-strive-auth', "the profile's own bearer, or the administrator of its app")
  @ProfileParam()
  @ApiOperation({
    operationId: 'profile_ecg_recordings_data',
    summary: 'The samples of one ECG recording',
    description: 'The recording that started last at or before date_end (the latest recording when date_end is empty); [] when there is none.',
  })
  @ApiOkResponse({ schema: ECG_RECORDING_SCHEMA })
  @ApiProblemResponses(400, 404)
  ecgRecordingData(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DateRangeQuery) {
    return this.reader.ecgSamples(p, id, q);
  }

  @PullEndpoint('event', null, 'Events that awarded points to the profile', 'profile_event_list')
  @ApiOkResponse({ type: [EventView], headers: PAGE_HEADERS, description: 'One page, oldest first.' })
  event(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.reader.eventPage(p, id, q, url).then((page) => send(page, res));
  }

  @PullEndpoint('heartrate_sample', 'heartrate_sample', 'Heart rate samples (heart_rate_detail=true adds every sample)', 'profile_heartrate_sample_list')
  heartrateSample(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: HeartRateSampleQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('heartrate_sample', p, id, q, url, res, { heartRateDetail: q.heart_rate_detail });
  }

  @PullEndpoint('heartrate_summary', 'heartrate_summary', 'Daily heart rate summaries', 'profile_heartrate_summary_list')
  heartrateSummary(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('heartrate_summary', p, id, q, url, res);
  }

  @PullEndpoint('height', 'height', 'Height measurements', 'profile_height_list')
  height(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('height', p, id, q, url, res);
  }

  @PullEndpoint('sleep_detail', 'sleep_detail', 'Sleep stages', 'profile_sleep_detail_list')
  sleepDetail(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('sleep_detail', p, id, q, url, res);
  }

  @PullEndpoint('sleep_sample', 'sleep_sample', 'Sleep samples (hrv, movement, heart rate, stage)', 'profile_sleep_sample_list')
  sleepSample(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('sleep_sample', p, id, q, url, res);
  }

  @PullEndpoint('sleep_summary', 'sleep_summary', 'Sleep summaries (detail=true with one result adds its stages)', 'profile_sleep_summary_list')
  sleepSummary(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: SleepSummaryQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('sleep_summary', p, id, q, url, res, { detail: q.detail });
  }

  @PullEndpoint('stress_samples', 'stress_samples', 'Stress samples', 'profile_stress_samples_list')
  stressSamples(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('stress_samples', p, id, q, url, res);
  }

  @PullEndpoint('stress_summary', 'stress_summary', 'Daily stress summaries', 'profile_stress_summary_list')
  stressSummary(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('stress_summary', p, id, q, url, res);
  }

  @PullEndpoint('track_sample', 'track_sample', 'GPS track samples', 'profile_track_sample_list')
  trackSample(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('track_sample', p, id, q, url, res);
  }

  @PullEndpoint('weight', 'weight', 'Weight measurements', 'profile_weight_list')
  weight(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: DataPageQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('weight', p, id, q, url, res);
  }

  @PullEndpoint('workout', 'workout', 'Workouts (deduplicate=true: one per real session)', 'profile_workout_list')
  workout(@CurrentPrincipal() p: Principal, @Param('profile_public_id', UuidParamPipe) id: string, @Query() q: WorkoutQuery, @RequestUrl() url: ApiUrl, @Res({ passthrough: true }) res: HeaderResponse) {
    return this.list('workout', p, id, q, url, res, { deduplicate: q.deduplicate, heartRateDetail: q.heart_rate_detail });
  }
}
