import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ACTIVITY_FILE_FORMATS } from '@strive/domain';
import { CursorParameter, DateRangeQuery, PageSizeParameter } from '../health-data/data-query.dto';

export const DEFAULT_ACTIVITY_FILE_PAGE_SIZE = 20;
/** Each listed workout is checked for a GPS track: a smaller page than the data endpoints'. */
export const MAX_ACTIVITY_FILE_PAGE_SIZE = 100;

export class ActivityFileListQuery extends DateRangeQuery {
  @CursorParameter()
  cursor?: string;

  @PageSizeParameter(MAX_ACTIVITY_FILE_PAGE_SIZE, DEFAULT_ACTIVITY_FILE_PAGE_SIZE, 'Activity files per page.')
  page_size?: number;
}

export class ActivityFileQuery {
  @ApiPropertyOptional({
    enum: ACTIVITY_FILE_FORMATS,
    description: 'The file format. Default: gpx when the workout has a GPS track, else tcx (GPX points need a position).',
  })
  @IsOptional()
  @IsIn(ACTIVITY_FILE_FORMATS as readonly string[], { message: `format must be one of ${ACTIVITY_FILE_FORMATS.join(', ')}` })
  format?: string;
}

export class ActivityFileUrls {
  @ApiPropertyOptional({ format: 'uri', description: 'The GPX file (only when the workout has a GPS track).' })
  gpx?: string;

  @ApiProperty({ format: 'uri', description: 'The TCX file.' })
  tcx!: string;

  @ApiProperty({ format: 'uri', description: 'The FIT file.' })
  fit!: string;
}

export class ActivityFileView {
  @ApiProperty({ example: '4711', description: 'The activity id: the id of the workout record (activity_file/{activity_id}).' })
  id!: string;

  @ApiProperty({ format: 'date-time', description: 'Start of the workout.' })
  timestamp!: string;

  @ApiProperty({ format: 'date-time', description: 'End of the workout.' })
  end_time!: string;

  @ApiProperty({ example: 'RUNNING', description: 'Activity type of the workout.' })
  type!: string;

  @ApiProperty({ type: String, nullable: true, example: 'Morning run', description: 'Title of the workout.' })
  name!: string | null;

  @ApiProperty({ example: 'GARMIN', description: 'Source of the workout.' })
  source!: string;

  @ApiProperty({ description: 'Whether the file has GPS positions (track samples).' })
  has_track!: boolean;

  @ApiProperty({ enum: ACTIVITY_FILE_FORMATS, isArray: true, example: ['gpx', 'tcx', 'fit'], description: 'The formats the file is served in.' })
  formats!: string[];

  @ApiProperty({ type: ActivityFileUrls, description: 'The download URL of each format.' })
  urls!: ActivityFileUrls;
}
