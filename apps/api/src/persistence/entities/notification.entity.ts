import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { AppEntity } from './app.entity';
import { ProfileEntity } from './profile.entity';

/** A registered push token: one per (app, token); deleted with its profile. */
@Entity({ name: 'device' })
@Index('UQ_device_app_token', ['appId', 'token'], { unique: true })
@Index('IDX_device_app_profile', ['appId', 'profileId', 'id'])
export class DeviceEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'profile_id' })
  profileId!: string;

  @ManyToOne(() => ProfileEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'profile_id', referencedColumnName: 'id' },
  ])
  profile?: ProfileEntity;

  @Column('text')
  token!: string;

  /** ios, android or web. */
  @Column('text')
  platform!: string;

  @Column('timestamptz', { name: 'registered_at' })
  registeredAt!: Date;
}

/** A notification an app sent, with the progress and counts of its fan-out job. */
@Entity({ name: 'notification' })
@Index('IDX_notification_app_created', ['appId', 'createdAt'])
export class NotificationEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @ManyToOne(() => AppEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppEntity;

  /** The public_id. */
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  title!: string;

  @Column('text')
  body!: string;

  @Column('jsonb')
  data!: Record<string, string>;

  @Column('text', { nullable: true })
  image!: string | null;

  /** The profiles of a send_to_profiles; null for send_to_all. */
  @Column('jsonb', { name: 'profile_ids', nullable: true })
  profileIds!: string[] | null;

  /** queued, sending or sent. */
  @Column('text')
  status!: string;

  /** Every device up to this id (in id order) has been handled. */
  @Column('uuid', { name: 'last_device_id', nullable: true })
  lastDeviceId!: string | null;

  @Column('integer', { default: 0 })
  devices!: number;

  @Column('integer', { default: 0 })
  sent!: number;

  @Column('integer', { default: 0 })
  failed!: number;

  @Column('integer', { default: 0 })
  unregistered!: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'finished_at', nullable: true })
  finishedAt!: Date | null;
}

/** What the recording push sender kept instead of sending (no push service configured for the platform); kept 7 days. */
@Entity({ name: 'recorded_push' })
@Index('IDX_recorded_push_notification', ['appId', 'notificationId', 'id'])
@Index('IDX_recorded_push_recorded_at', ['recordedAt'])
export class RecordedPushEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryGeneratedColumn('identity', { type: 'bigint', generatedIdentity: 'ALWAYS' })
  id!: string;

  @Column('uuid', { name: 'notification_id' })
  notificationId!: string;

  @ManyToOne(() => NotificationEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'notification_id', referencedColumnName: 'id' },
  ])
  notification?: NotificationEntity;

  @Column('text')
  platform!: string;

  @Column('text')
  token!: string;

  /** The message as the push service would have received it (title, body, data, image). */
  @Column('jsonb')
  message!: Record<string, unknown>;

  @Column('timestamptz', { name: 'recorded_at' })
  recordedAt!: Date;
}
