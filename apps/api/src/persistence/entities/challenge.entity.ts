import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AppEntity } from './app.entity';

/** A challenge of an app: its rules (see the domain Challenge) and presentation texts. */
@Entity({ name: 'challenge' })
@Index('IDX_challenge_app_start', ['appId', 'start'])
// Score writes and leaderboard reads find a challenge by its id alone (ids are unique uuids).
@Index('IDX_challenge_id', ['id'])
// The lifecycle tick's scan: a bitmap OR of these two stays small however many challenges ended long ago.
@Index('IDX_challenge_unannounced_start', ['start'], { where: 'start_announced = false' })
@Index('IDX_challenge_unannounced_end', ['end'], { where: 'end_announced = false' })
export class ChallengeEntity {
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

  @Column('text', { default: '' })
  slogan!: string;

  @Column('text', { default: '' })
  description!: string;

  @Column('text', { nullable: true })
  avatar!: string | null;

  @Column('timestamptz')
  start!: Date;

  @Column('timestamptz')
  end!: Date;

  @Column('text', { default: 'UTC' })
  timezone!: string;

  @Column('text')
  type!: string;

  @Column('text')
  goal!: string;

  @Column('double precision', { name: 'goal_value', nullable: true })
  goalValue!: number | null;

  @Column('text', { name: 'goal_type' })
  goalType!: string;

  @Column('text')
  repetition!: string;

  @Column('text', { name: 'calculation_method' })
  calculationMethod!: string;

  @Column('text', { name: 'data_source' })
  dataSource!: string;

  @Column('text', { name: 'activity_types', array: true, default: () => "'{}'" })
  activityTypes!: string[];

  @Column('text', { name: 'enrollment_method' })
  enrollmentMethod!: string;

  @Column('text')
  visibility!: string;

  @Column('integer', { name: 'grace_days' })
  graceDays!: number;

  /**
   * Bumped whenever a score or a member of the challenge changes: a cached leaderboard of an
   * older version is stale (bigint, read as a string).
   */
  @Column('bigint', { name: 'leaderboard_version', default: 0 })
  leaderboardVersion!: string;

  /**
   * The last leaderboard_version that changed every entry at once (scores dropped for new rules):
   * a cached ranking older than it is rebuilt, not patched from leaderboard_change.
   */
  @Column('bigint', { name: 'leaderboard_reset_version', default: 0 })
  leaderboardResetVersion!: string;

  /** challenge_start was written to the outbox (once per challenge; the lifecycle tick sets it). */
  @Column('boolean', { name: 'start_announced', default: false })
  startAnnounced!: boolean;

  /** challenge_end was written to the outbox. */
  @Column('boolean', { name: 'end_announced', default: false })
  endAnnounced!: boolean;
}
