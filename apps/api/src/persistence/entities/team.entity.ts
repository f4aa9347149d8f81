import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppEntity } from './app.entity';
import { ProfileEntity } from './profile.entity';

@Entity({ name: 'team' })
@Index('IDX_team_app_created', ['appId', 'createdAt'])
export class TeamEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @ManyToOne(() => AppEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'app_id' })
  app?: AppEntity;

  /** The public_id. */
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}

/** A profile's membership of a team (a profile may be in several). */
@Entity({ name: 'team_member' })
@Index('IDX_team_member_profile', ['profileId'])
export class TeamMemberEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid', { name: 'team_id' })
  teamId!: string;

  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId!: string;

  @ManyToOne(() => TeamEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'team_id', referencedColumnName: 'id' },
  ])
  team?: TeamEntity;

  @ManyToOne(() => ProfileEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'profile_id', referencedColumnName: 'id' },
  ])
  profile?: ProfileEntity;

  @Column('timestamptz', { name: 'joined_at' })
  joinedAt!: Date;
}
