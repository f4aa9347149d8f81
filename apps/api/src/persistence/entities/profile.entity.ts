import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppEntity } from './app.entity';

/** An app's end user. The primary key starts with app_id so the table can shard by app. */
@Entity({ name: 'profile' })
@Index('IDX_profile_app_created', ['appId', 'createdAt'])
// Reads that name a profile but not its app find the app by the profile's id alone (migration ProfileById).
@Index('IDX_profile_id', ['id'])
export class ProfileEntity {
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

  @Column('text', { nullable: true })
  gender!: string | null;

  @Column('text', { default: '' })
  reference!: string;

  /** SHA-256 digest of the profile bearer; the bearer itself is never stored. */
  @Column('text', { name: 'bearer_digest', unique: true })
  bearerDigest!: string;

  /** public_id of the profile's first team (kept by the team moves), or null. */
  @Column('uuid', { name: 'team_id', nullable: true })
  teamId!: string | null;

  @Column('double precision', { name: 'total_points', default: 0 })
  totalPoints!: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt!: Date;
}
