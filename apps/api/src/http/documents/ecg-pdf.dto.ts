import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString } from 'class-validator';
import { SOURCES } from '@strive/domain';
import { IsCompactDateTime } from './compact-date-time';

export class EcgPdfQuery {
  @ApiProperty({
    pattern: '^\\d{14}$', example: '20261120120000',
    description: 'The start of the recording, UTC, to the second (yyyymmddhhmmss): the start_time of a record of ecg_recordings/. Every recording of the source that starts within that second is charted.',
  })
  @IsString()
  @IsCompactDateTime()
  datetime!: string;

  @ApiProperty({ enum: SOURCES, example: 'APPLE', description: 'The source of the recording.' })
  @IsIn(SOURCES as readonly string[], { message: `source must be one of ${SOURCES.join(', ')}` })
  source!: string;
}
