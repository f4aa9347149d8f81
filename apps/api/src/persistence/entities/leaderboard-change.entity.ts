import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Which members' leaderboard entries a new leaderboard_version of a challenge changed (scores,
 * membership, a renamed or deleted profile): one row per version listing its members, written in the
 * transaction that bumps the version. Processes that keep rankings in memory read the rows past
 * their version and re-read only those members, instead of rebuilding a whole ranking. Kept a
 * few minutes (the leaderboard-change-retention tick); a ranking too far behind is rebuilt.
 */
@Entity({ name: 'leaderboard_change' })
@Index('IDX_leaderboard_change_changed_at', ['changedAt'])
export class LeaderboardChangeEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid', { name: 'challenge_id' })
  challengeId!: string;

  @PrimaryColumn('bigint')
  version!: string;

  /** Empty for a reset (every entry changed: see challenge.leaderboard_reset_version). */
  @Column('uuid', { name: 'profile_ids', array: true })
  profileIds!: string[];

  /** The periods of the scores it wrote (first..last); null: every period (membership, profile, reset). */
  @Column('integer', { name: 'first_period', nullable: true })
  firstPeriod!: number | null;

  @Column('integer', { name: 'last_period', nullable: true })
  lastPeriod!: number | null;

  @Column('timestamptz', { name: 'changed_at', default: () => 'now()' })
  changedAt!: Date;
}
