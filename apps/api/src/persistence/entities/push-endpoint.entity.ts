import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A callback URL of an app for one data type (docs/webhooks.md). The signing secret is kept in
 * clear: signing needs it (it is never served after creation or rotation).
 */
@Entity({ name: 'push_endpoint' })
@Index('IDX_push_endpoint_active_type', ['appId', 'dataType'], { where: 'active' })
export class PushEndpointEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid')
  id!: string;

  @Column('text', { name: 'data_type' })
  dataType!: string;

  @Column('text')
  url!: string;

  @Column('boolean')
  active!: boolean;

  @Column('text')
  version!: string;

  @Column('text')
  secret!: string;

  @Column('text', { name: 'previous_secret', nullable: true })
  previousSecret!: string | null;

  @Column('timestamptz', { name: 'previous_secret_expires_at', nullable: true })
  previousSecretExpiresAt!: Date | null;

  /** First failed attempt since the last success (5 days of it disables the endpoint). */
  @Column('timestamptz', { name: 'failing_since', nullable: true })
  failingSince!: Date | null;

  /**
   * Until when a worker is sending one of its deliveries (set when claimed, cleared when done):
   * one delivery per endpoint is in flight, so a hanging receiver holds one worker, not all.
   */
  @Column('timestamptz', { name: 'busy_until', nullable: true })
  busyUntil!: Date | null;

  @Column('text', { name: 'disabled_reason', nullable: true })
  disabledReason!: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
