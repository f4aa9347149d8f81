import { Inject, Injectable } from '@nestjs/common';
import { activityFileFormats, GetProfileUseCase, HealthRecordQuery, HealthRecordRepository, Principal, RecordPosition } from '@strive/domain';
import { HEALTH_RECORD_REPOSITORY } from '../../system/tokens';
import { RequestValidationError } from '../problem/request-validation.error';
import { ApiUrl } from '../shared/api-url';
import { decodeCursor, Direction, encodeCursor } from '../health-data/data-cursor';
import { DataPage, keysetPage } from '../health-data/health-data-reader';
import { ActivityFileListQuery, ActivityFileView, DEFAULT_ACTIVITY_FILE_PAGE_SIZE } from './activity-file.dto';

const CURSOR_KIND = 'activity_file';

/**
 * activity_file/: the profile's workouts that have a file (a GPS track or heart-rate samples),
 * a keyset page in (start, id) order like the data endpoints, each with its formats and URLs.
 */
@Injectable()
export class ActivityFileListReader {
  constructor(
    @Inject(HEALTH_RECORD_REPOSITORY) private readonly records: HealthRecordRepository,
    private readonly getProfile: GetProfileUseCase,
  ) {}

  async page(principal: Principal, profileId: string, query: ActivityFileListQuery, url: ApiUrl): Promise<DataPage> {
    const from = query.date_start === undefined ? undefined : new Date(query.date_start);
    const to = query.date_end === undefined ? undefined : new Date(query.date_end);
    if (from && to && from.getTime() > to.getTime()) {
      throw new RequestValidationError([{ field: 'date_end', message: 'date_end must not lie before date_start' }]);
    }
    const cursor = query.cursor ? decodeCursor(CURSOR_KIND, query.cursor) : undefined;
    const profile = await this.getProfile.execute(principal, profileId, true);
    const base: Omit<HealthRecordQuery, 'direction' | 'limit'> = { appId: profile.appId, profileId: profile.id, type: 'workout', from, to };
    const fetch = (direction: Direction, position: RecordPosition | undefined, limit: number) =>
      this.records.list({ ...base, withActivityFile: 'samples', direction, position, limit });
    const { items, next, previous } = await keysetPage(fetch, cursor, query.page_size ?? DEFAULT_ACTIVITY_FILE_PAGE_SIZE);
    // One query tells which of the page's workouts have a GPS track (and so a GPX file).
    const tracked = items.length === 0 ? [] : await this.records.list({
      ...base, ids: items.map((w) => w.id), withActivityFile: 'track', direction: 'forward', limit: items.length,
    });
    const withTrack = new Set(tracked.map((w) => w.id));
    const body: ActivityFileView[] = items.map((workout) => {
      const formats = activityFileFormats(withTrack.has(workout.id));
      const link = (format: string) => url.resource(`profile/${profile.id}/activity_file/${workout.id}?format=${format}`);
      return {
        id: workout.id,
        timestamp: workout.time.toISOString(),
        end_time: (workout.endTime ?? workout.time).toISOString(),
        type: String(workout.data.type),
        name: typeof workout.data.name === 'string' ? workout.data.name : null,
        source: workout.source,
        has_track: withTrack.has(workout.id),
        formats,
        urls: Object.fromEntries(formats.map((format) => [format, link(format)])) as unknown as ActivityFileView['urls'],
      };
    });
    return {
      body,
      next: next && url.withQuery({ cursor: encodeCursor(CURSOR_KIND, next) }),
      previous: previous && url.withQuery({ cursor: encodeCursor(CURSOR_KIND, previous) }),
    };
  }
}
