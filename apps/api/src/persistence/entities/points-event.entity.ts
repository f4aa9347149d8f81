import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ProfileEntity } from './profile.entity';

/** An event that awarded points to a profile (POST profile/{id}/event/). */
@Entity({ name: 'points_event' })
@Index('IDX_points_event_page', ['appId', 'profileId', 'timestamp', 'id'])
export class PointsEventEntity {
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
  name!: string;

  @Column('double precision')
  points!: number;

  @Column('timestamptz')
  timestamp!: Date;

  @Column('text', { name: 'activity_type', nullable: true })
  activityType!: string | null;

  @Column('text', { default: '' })
  reference!: string;
}
