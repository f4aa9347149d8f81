import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One event for one endpoint. Workers claim due rows with FOR UPDATE SKIP LOCKED and hold them
 * by a lease (lease_until, lease_token), so a worker that died leaves its row due again.
 */
@Entity({ name: 'push_delivery' })
@Index('UQ_push_delivery_endpoint_event', ['endpointId', 'eventId'], { unique: true })
@Index('IDX_push_delivery_due', ['endpointId', 'nextAttemptAt'], { where: "status = 'pending'" })
@Index('IDX_push_delivery_log', ['appId', 'createdAt', 'id'])
export class PushDeliveryEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'endpoint_id' })
  endpointId!: string;

  /** The outbox event (its webhook-id is msg_<event_id>). */
  @Column('uuid', { name: 'event_id' })
  eventId!: string;

  @Column('text', { name: 'data_type' })
  dataType!: string;

  /** The challenge event name, or the push data type of a data push. */
  @Column('text')
  event!: string;

  @Column('text')
  body!: string;

  /** pending, delivered or failed. */
  @Column('text')
  status!: string;

  @Column('integer')
  attempts!: number;

  @Column('timestamptz', { name: 'next_attempt_at', nullable: true })
  nextAttemptAt!: Date | null;

  @Column('timestamptz', { name: 'window_start' })
  windowStart!: Date;

  @Column('text', { name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column('timestamptz', { name: 'delivered_at', nullable: true })
  deliveredAt!: Date | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'lease_until', nullable: true })
  leaseUntil!: Date | null;

  @Column('uuid', { name: 'lease_token', nullable: true })
  leaseToken!: string | null;
}

/** Every attempt of a delivery: when, what the receiver answered, how long it took, what went wrong. */
@Entity({ name: 'push_attempt' })
export class PushAttemptEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid', { name: 'delivery_id' })
  deliveryId!: string;

  /** 1, 2, ... */
  @PrimaryColumn('integer')
  attempt!: number;

  @Column('timestamptz')
  at!: Date;

  /** null when the receiver did not answer (timeout, refused connection, refused target). */
  @Column('integer', { name: 'status_code', nullable: true })
  statusCode!: number | null;

  @Column('integer', { name: 'latency_ms' })
  latencyMs!: number;

  @Column('text', { nullable: true })
  error!: string | null;
}
