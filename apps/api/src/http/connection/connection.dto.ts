import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONNECTION_STATES, MAX_REDIRECT_LENGTH, SOURCES, SYNC_STATES } from '@strive/domain';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { BooleanWord } from '../challenge/challenge-membership.dto';
import { LowerCaseUuid } from '../challenge/input-rules';

const EXAMPLE_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const REDIRECT_TEXT =
  'Where the person goes after the vendor\'s consent: an absolute http(s) URL. Omitted: Strive shows its own success or error page.';
const REDIRECT_ON_ERROR_TEXT = 'true: failures also go to redirect, with ?error=access_denied or ?error=unknown added (more values may come).';

export class ConnectBody {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The profile public_id (a profile bearer: its own).' })
  @LowerCaseUuid()
  @IsUUID()
  profile!: string;

  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: MAX_REDIRECT_LENGTH, example: 'https://app.example.com/connected', description: REDIRECT_TEXT })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_REDIRECT_LENGTH)
  redirect?: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: REDIRECT_ON_ERROR_TEXT })
  @IsOptional()
  @IsBoolean()
  redirect_on_error?: boolean;
}

export class DisconnectQuery {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The profile public_id (a profile bearer: its own).' })
  @LowerCaseUuid()
  @IsUUID()
  profile!: string;
}

export class ConnectionsQuery {
  @ApiPropertyOptional({ type: String, minLength: 1, maxLength: MAX_REDIRECT_LENGTH, description: `${REDIRECT_TEXT} Used by every connect_url of the answer.` })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(MAX_REDIRECT_LENGTH)
  redirect?: string;

  @ApiPropertyOptional({ type: Boolean, default: false, description: REDIRECT_ON_ERROR_TEXT })
  @IsOptional()
  @BooleanWord()
  @IsBoolean()
  redirect_on_error?: boolean;
}

export class AppConnectionUrl {
  @ApiProperty({ format: 'uri', description: "The vendor's consent page for this profile; open it in the person's browser. Valid 10 minutes, once." })
  url!: string;
}

export class EmptyAnswer {}

export class ConnectionView {
  @ApiProperty({ enum: SOURCES, example: 'STRAVA', description: 'The source its records carry.' })
  source!: string;

  @ApiProperty({ example: 'strava', description: 'The connection slug (lower-case source).' })
  slug!: string;

  @ApiProperty({ enum: ['oauth', 'mobile_sdk'], description: 'oauth: connect_url; mobile_sdk: connects inside your mobile app, its data comes through POST profile/{id}/data/.' })
  connects_via!: string;

  @ApiProperty({
    enum: ['not_connected', ...CONNECTION_STATES],
    description: 'not_connected, pending (consent started), connected, error (see last_error), revoked (the vendor withdrew the grant), disconnected.',
  })
  state!: string;

  @ApiProperty({ enum: SYNC_STATES, description: 'How the last sync went.' })
  sync_state!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the last complete sync ended.' })
  last_sync_at!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Why the last attempt, sync or refresh failed.' })
  last_error!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, description: 'Opens the vendor consent (valid 30 minutes); null for mobile-SDK sources.' })
  connect_url!: string | null;
}

export class ConnectionWidgetView {
  @ApiProperty({ format: 'uri', description: "The connection page of this profile: open it in a browser or web view. It carries a signed ticket; treat it as a secret." })
  url!: string;

  @ApiProperty({ format: 'date-time', description: 'The page and its links stop working then (30 minutes); ask again for a new one.' })
  expires_at!: string;
}

export class WidgetPageQuery {
  @ApiProperty({ description: 'The signed ticket of connection_widget/.' })
  @IsString()
  @MaxLength(2048)
  ticket!: string;

  @ApiPropertyOptional({ description: 'Set by Strive after a connect flow: the slug it was about.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  source?: string;

  @ApiPropertyOptional({ enum: ['access_denied', 'unknown'], description: 'Set by Strive after a failed connect flow.' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  error?: string;
}

export class AuthorizeQuery {
  @ApiProperty({ description: 'The signed ticket of connections/ or connection_widget/.' })
  @IsString()
  @MaxLength(2048)
  ticket!: string;

  @ApiPropertyOptional({ enum: ['widget'], description: 'widget: come back to the widget page afterwards (its own links).' })
  @IsOptional()
  @IsIn(['widget'])
  return?: string;
}

export class WidgetDisconnectBody {
  @ApiProperty({ description: 'The signed ticket of the widget page.' })
  @IsString()
  @MaxLength(2048)
  ticket!: string;

  @ApiProperty({ example: 'strava', description: 'The connection slug.' })
  @IsString()
  @MaxLength(64)
  source!: string;
}
