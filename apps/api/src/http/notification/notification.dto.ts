import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DEVICE_PLATFORMS, MAX_DEVICE_TOKEN_LENGTH, NOTIFICATION_LIMITS } from '@strive/domain';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsObject, IsOptional, IsString, IsUUID, Length, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { LowerCaseUuids } from '../challenge/input-rules';
import { OffsetPageOf } from '../shared/offset-page';

const EXAMPLE_ID = '6b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const EXAMPLE_FCM_TOKEN = 'fGx2Yk9ZQ1e2:APA91bH3xZ_example-registration-token';

/** An object whose values are all strings, with at most `max` entries (keys and sizes: the domain's rules). */
const IsStringMap = (max: number) =>
  ValidateBy({
    name: 'isStringMap',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) &&
        Object.keys(value).length <= max && Object.values(value).every((entry) => typeof entry === 'string'),
      defaultMessage: () => `data must be an object of at most ${max} string values`,
    },
  });

// Devices ------------------------------------------------------------------------------------

export class DeviceBody {
  @ApiProperty({
    example: EXAMPLE_FCM_TOKEN, minLength: 1, maxLength: MAX_DEVICE_TOKEN_LENGTH,
    description: 'The push token: the FCM registration token (android, web) or the APNs device token in hex (ios). Visible ASCII, no spaces.',
  })
  @IsString()
  @Length(1, MAX_DEVICE_TOKEN_LENGTH)
  token!: string;

  @ApiProperty({ enum: DEVICE_PLATFORMS, example: 'android', description: 'ios devices are reached through APNs, android and web through FCM.' })
  @IsIn(DEVICE_PLATFORMS)
  platform!: string;
}

export class DeviceQuery {
  @ApiProperty({ example: EXAMPLE_FCM_TOKEN, maxLength: MAX_DEVICE_TOKEN_LENGTH, description: 'The token to remove from the profile.' })
  @IsString()
  @Length(1, MAX_DEVICE_TOKEN_LENGTH)
  token!: string;
}

export class DeviceView {
  @ApiProperty({ example: EXAMPLE_FCM_TOKEN })
  token!: string;

  @ApiProperty({ enum: DEVICE_PLATFORMS, example: 'android' })
  platform!: string;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The profile the token now belongs to.' })
  profile!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-20T09:00:00.000Z', description: 'When the token was (last) registered.' })
  registered_at!: string;
}

// Notifications ------------------------------------------------------------------------------

/** Body of send_to_all (the interface's Notification). */
export class NotificationBody {
  @ApiProperty({ example: 'Week 3 starts today', minLength: 1, maxLength: NOTIFICATION_LIMITS.titleLength })
  @IsString()
  @Length(1, NOTIFICATION_LIMITS.titleLength)
  title!: string;

  @ApiPropertyOptional({ example: 'You are 2nd on the leaderboard.', maxLength: NOTIFICATION_LIMITS.bodyLength, default: '' })
  @IsOptional()
  @IsString()
  @MaxLength(NOTIFICATION_LIMITS.bodyLength)
  body?: string;

  @ApiPropertyOptional({
    type: 'object', additionalProperties: { type: 'string', maxLength: NOTIFICATION_LIMITS.dataValueLength }, maxProperties: NOTIFICATION_LIMITS.dataEntries,
    example: { challenge: EXAMPLE_ID }, nullable: true,
    description:
      `Handed to the app with the notification: at most ${NOTIFICATION_LIMITS.dataEntries} string values; keys of letters, digits, _, . and - ` +
      `(up to ${NOTIFICATION_LIMITS.dataKeyLength}); not from, notification, message_type, collapse_key, aps, nor starting with google or gcm. ` +
      `Title, body, image and data together at most ${NOTIFICATION_LIMITS.totalBytes} bytes (UTF-8).`,
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsObject()
  @IsStringMap(NOTIFICATION_LIMITS.dataEntries)
  data?: Record<string, string> | null;

  @ApiPropertyOptional({ type: String, format: 'uri', nullable: true, maxLength: NOTIFICATION_LIMITS.imageUrlLength, example: 'https://cdn.example.com/week3.png', description: 'An https image URL shown with the notification.' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(NOTIFICATION_LIMITS.imageUrlLength)
  image?: string | null;
}

/** Body of send_to_profiles (the interface's NotificationForProfiles). */
export class NotificationForProfilesBody extends NotificationBody {
  @ApiProperty({
    type: [String], format: 'uuid', example: [EXAMPLE_ID], minItems: 1, maxItems: NOTIFICATION_LIMITS.profiles,
    description: `Profile public_ids of the app, 1 to ${NOTIFICATION_LIMITS.profiles} (repeats count once). Any other id: 400 naming it, nothing sent.`,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(NOTIFICATION_LIMITS.profiles)
  @LowerCaseUuids()
  @IsUUID(undefined, { each: true })
  profiles!: string[];
}

/** The interface's Notification: the body as sent, with its id and the progress of its fan-out. */
export class NotificationView {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  public_id!: string;

  @ApiProperty({ example: 'Week 3 starts today' })
  title!: string;

  @ApiProperty({ example: 'You are 2nd on the leaderboard.' })
  body!: string;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: { challenge: EXAMPLE_ID } })
  data!: Record<string, string>;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  image!: string | null;

  @ApiProperty({
    enum: ['queued', 'sending', 'sent'], example: 'queued',
    description: 'queued: accepted, the fan-out job has not started; sending: batches are going out; sent: every targeted device was tried.',
  })
  status!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-20T09:00:00.000Z' })
  created!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, example: null, description: 'When the fan-out finished.' })
  finished!: string | null;

  @ApiProperty({ example: 0, description: 'Devices the message was handed to a push service for, so far.' })
  devices!: number;

  @ApiProperty({ example: 0, description: 'Accepted by the push service (or recorded, where none is configured).' })
  sent!: number;

  @ApiProperty({ example: 0, description: 'Refused for another reason, or not answered.' })
  failed!: number;

  @ApiProperty({ example: 0, description: 'Reported unregistered or invalid by the push service: those devices were removed.' })
  unregistered!: number;
}

/** The interface's NotificationForProfiles: a Notification with its profiles. */
export class NotificationForProfilesView extends NotificationView {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID], description: 'The listed profiles, each once.' })
  profiles!: string[];
}

/** GET notification/{id}/: either kind; profiles is null for send_to_all. */
export class NotificationDetailView extends NotificationView {
  @ApiProperty({ type: [String], format: 'uuid', nullable: true, example: null, description: 'The listed profiles of a send_to_profiles; null for send_to_all.' })
  profiles!: string[] | null;
}

export class RecordedMessageView {
  @ApiProperty({ example: 'Week 3 starts today' })
  title!: string;

  @ApiProperty({ example: 'You are 2nd on the leaderboard.' })
  body!: string;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, example: {} })
  data!: Record<string, string>;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null })
  image!: string | null;
}

/** A push the recording sender kept instead of sending (its platform's service is not configured). */
export class RecordedPushView {
  @ApiProperty({ enum: DEVICE_PLATFORMS, example: 'android' })
  platform!: string;

  @ApiProperty({ example: EXAMPLE_FCM_TOKEN })
  token!: string;

  @ApiProperty({ type: RecordedMessageView })
  message!: RecordedMessageView;

  @ApiProperty({ format: 'date-time', example: '2026-11-20T09:00:01.000Z' })
  recorded_at!: string;
}

export const RecordedPushList = OffsetPageOf(RecordedPushView, 'RecordedPushList');
