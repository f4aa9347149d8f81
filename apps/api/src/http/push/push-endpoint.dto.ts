import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { OptionalNotNull } from '../challenge/input-rules';
import { MAX_PUSH_URL_LENGTH, PUSH_DATA_TYPES, PUSH_VERSIONS, PushDataType, PushVersion } from '@strive/domain';

const EXAMPLE_ID = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const DATA_TYPE_TEXT =
  'What the endpoint receives: a data type of interface.md "Data pushes" (`activity` is the workout push record, `workout` the vendor workout record) or `challenge` (challenge status events).';
const URL_TEXT =
  'Callback URL: https (http only with PUSH_ALLOW_HTTP=true); loopback, private, link-local and metadata targets are refused unless PUSH_ALLOW_PRIVATE_TARGETS=true. Redirects are not followed.';

export class PushEndpointBody {
  @ApiProperty({ enum: PUSH_DATA_TYPES, example: 'activity', description: DATA_TYPE_TEXT })
  @IsIn(PUSH_DATA_TYPES)
  data_type!: PushDataType;

  @ApiProperty({ example: 'https://hooks.example.com/strive', maxLength: MAX_PUSH_URL_LENGTH, description: URL_TEXT })
  @IsString()
  @MaxLength(MAX_PUSH_URL_LENGTH)
  url!: string;

  @ApiPropertyOptional({ default: true, description: 'false: nothing is sent to it (deliveries already made wait until it is active again).' })
  @OptionalNotNull()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ enum: PUSH_VERSIONS, default: 'V1', description: 'The serialization of pushed data.' })
  @OptionalNotNull()
  @IsIn(PUSH_VERSIONS)
  version?: PushVersion;
}

/** PATCH body: any of the fields, none null. */
export class PushEndpointPatchBody {
  @ApiPropertyOptional({ enum: PUSH_DATA_TYPES, description: DATA_TYPE_TEXT })
  @OptionalNotNull()
  @IsIn(PUSH_DATA_TYPES)
  data_type?: PushDataType;

  @ApiPropertyOptional({ maxLength: MAX_PUSH_URL_LENGTH, description: URL_TEXT })
  @OptionalNotNull()
  @IsString()
  @MaxLength(MAX_PUSH_URL_LENGTH)
  url?: string;

  @ApiPropertyOptional({ description: 'true re-activates an endpoint the service disabled (its failure streak starts over).' })
  @OptionalNotNull()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ enum: PUSH_VERSIONS })
  @OptionalNotNull()
  @IsIn(PUSH_VERSIONS)
  version?: PushVersion;
}

export class PushEndpointView {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  id!: string;

  @ApiProperty({ enum: PUSH_DATA_TYPES, example: 'activity' })
  data_type!: PushDataType;

  @ApiProperty({ example: 'https://hooks.example.com/strive' })
  url!: string;

  @ApiProperty({ example: true })
  active!: boolean;

  @ApiProperty({ enum: PUSH_VERSIONS, example: 'V1' })
  version!: PushVersion;

  @ApiProperty({ type: String, nullable: true, example: null, description: 'Why the service disabled the endpoint (5 days of failed deliveries); null otherwise.' })
  disabled_reason!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null, description: 'First failed attempt since the last success; null while deliveries succeed.' })
  failing_since!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null, description: 'Until when the secret replaced by the last rotation still signs (a second signature); null when none does.' })
  previous_secret_expires_at!: string | null;

  @ApiProperty({ format: 'date-time', example: '2026-11-20T08:00:00.000Z' })
  created_at!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-20T08:00:00.000Z' })
  updated_at!: string;
}

export class PushEndpointWithSecret extends PushEndpointView {
  @ApiProperty({ example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', description: 'The signing secret (Standard Webhooks: whsec_ + base64). Shown only in this answer.' })
  secret!: string;
}
