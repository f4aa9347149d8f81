import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ChallengeEntity } from './challenge.entity';
import { ProfileEntity } from './profile.entity';

/** A profile enrolled in a challenge; gone when it leaves, with its challenge or its profile. */
@Entity({ name: 'challenge_member' })
@Index('IDX_challenge_member_challenge_joined', ['challengeId', 'joinedAt'])
@Index('IDX_challenge_member_profile', ['profileId'])
@Index('IDX_challenge_member_team', ['teamId'])
export class ChallengeMemberEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid', { name: 'challenge_id' })
  challengeId!: string;

  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId!: string;

  @ManyToOne(() => ChallengeEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'challenge_id', referencedColumnName: 'id' },
  ])
  challenge?: ChallengeEntity;

  @ManyToOne(() => ProfileEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'profile_id', referencedColumnName: 'id' },
  ])
  profile?: ProfileEntity;

  /** The team the member plays for (TEAM challenges). */
  @Column('uuid', { name: 'team_id', nullable: true })
  teamId!: string | null;

  @Column('timestamptz', { name: 'joined_at' })
  joinedAt!: Date;

  /** [{from, to}] ISO instants; `to` null while inactive. */
  @Column('jsonb', { name: 'inactive_intervals', default: () => "'[]'" })
  inactiveIntervals!: { from: string; to: string | null }[];

  /** Derived from inactive_intervals (no open interval), for filters and lists. */
  @Column('boolean', { name: 'is_active', default: true })
  isActive!: boolean;

  /**
   * The sums of the member's stored period totals (member_period_score), as exact decimals, kept
   * by the score upsert: a challenge's totals add up its members' rows.
   */
  @Column('numeric', { name: 'total_distance', default: 0 })
  totalDistance!: string;

  @Column('numeric', { name: 'total_steps', default: 0 })
  totalSteps!: string;

  @Column('numeric', { name: 'total_calories', default: 0 })
  totalCalories!: string;

  @Column('numeric', { name: 'total_duration_seconds', default: 0 })
  totalDurationSeconds!: string;

  @Column('numeric', { name: 'total_points', default: 0 })
  totalPoints!: string;
}

/** A profile that left an AUTOMATIC challenge: automatic enrollment skips it. */
@Entity({ name: 'challenge_opt_out' })
export class ChallengeOptOutEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid', { name: 'challenge_id' })
  challengeId!: string;

  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId!: string;

  @ManyToOne(() => ChallengeEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'challenge_id', referencedColumnName: 'id' },
  ])
  challenge?: ChallengeEntity;

  @ManyToOne(() => ProfileEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'profile_id', referencedColumnName: 'id' },
  ])
  profile?: ProfileEntity;
}
