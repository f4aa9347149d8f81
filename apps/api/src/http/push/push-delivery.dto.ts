import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { CHALLENGE_EVENT_NAMES, PUSH_DATA_TYPES, PUSH_DELIVERY_STATUSES, PushDataType, PushDeliveryStatus } from '@strive/domain';
import { LowerCaseUuid } from '../challenge/input-rules';
import { CursorParameter, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageSizeParameter } from '../health-data/data-query.dto';

/** The `event` of a delivery: a challenge event name, or the data type of a data push. */
export const PUSH_EVENTS = [...CHALLENGE_EVENT_NAMES, ...PUSH_DATA_TYPES.filter((t) => t !== 'challenge')];

export class PushDeliveryQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only deliveries to this endpoint.' })
  @IsOptional()
  @LowerCaseUuid()
  @IsUUID()
  endpoint?: string;

  @ApiPropertyOptional({ enum: PUSH_EVENTS, description: 'Only this event (challenge event name, or data type of a data push).' })
  @IsOptional()
  @IsIn(PUSH_EVENTS)
  event?: string;

  @ApiPropertyOptional({ enum: PUSH_DELIVERY_STATUSES })
  @IsOptional()
  @IsIn(PUSH_DELIVERY_STATUSES)
  status?: PushDeliveryStatus;

  @CursorParameter()
  cursor?: string;

  @PageSizeParameter(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE, 'Deliveries per page.')
  page_size?: number;
}

export class PushAttemptView {
  @ApiProperty({ format: 'date-time', example: '2026-11-20T08:00:01.000Z' })
  at!: string;

  @ApiProperty({ type: Number, nullable: true, example: 503, description: 'The HTTP status answered; null when there was no answer.' })
  status_code!: number | null;

  @ApiProperty({ example: 41, description: 'Milliseconds from the request to the end of the answer (or the failure).' })
  latency_ms!: number;

  @ApiProperty({ type: String, nullable: true, example: 'HTTP 503', description: 'What went wrong; null on success.' })
  error!: string | null;
}

export class PushDeliveryView {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid', description: 'The push endpoint.' })
  endpoint!: string;

  @ApiProperty({ enum: PUSH_DATA_TYPES, example: 'challenge' })
  data_type!: PushDataType;

  @ApiProperty({ enum: PUSH_EVENTS, example: 'challenge_start' })
  event!: string;

  @ApiProperty({ example: 'msg_9a3c1f0e-4b2d-4c6e-8f1a-2b3c4d5e6f70', description: 'The webhook-id header: the same on every attempt.' })
  webhook_id!: string;

  @ApiProperty({ enum: PUSH_DELIVERY_STATUSES, example: 'delivered' })
  status!: PushDeliveryStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it is tried next (pending only).' })
  next_attempt_at!: string | null;

  @ApiProperty({ type: String, nullable: true, example: null })
  last_error!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  delivered_at!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: [PushAttemptView], description: 'Every attempt, oldest first.' })
  attempts!: PushAttemptView[];
}
