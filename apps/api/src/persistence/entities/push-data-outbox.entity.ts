import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Data pushes written in the transaction that stored their records, waiting for the next
 * release (every PUSH_INTERVAL_SECONDS) to be fanned out into push_delivery rows.
 */
@Entity({ name: 'push_data_outbox' })
@Index('IDX_push_data_outbox_unreleased', ['createdAt'], { where: 'released_at IS NULL' })
export class PushDataOutboxEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  /** The event id: the webhook-id of every delivery of it. */
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text', { name: 'data_type' })
  dataType!: string;

  /** The JSON body exactly as it is sent and signed. */
  @Column('text')
  body!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'released_at', nullable: true })
  releasedAt!: Date | null;
}
