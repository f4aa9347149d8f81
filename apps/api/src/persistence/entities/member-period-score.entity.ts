import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Materialized score of one member in one period of a challenge (domain MemberPeriodScore):
 * leaderboards, goal_progress, history and totals read these rows, never raw records. Derived
 * data without foreign keys: saveMany locks the challenge and profiles once per call instead of a
 * check per row, and deleting either deletes its scores in the same transaction. The primary key
 * is ordered by period, then member (migration ScoresByPeriod): a challenge's rows of one period
 * are neighbours, and a member's rows are read with a probe per period.
 */
@Entity({ name: 'member_period_score' })
export class MemberPeriodScoreEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid', { name: 'challenge_id' })
  challengeId!: string;

  @PrimaryColumn('integer', { name: 'period_index' })
  periodIndex!: number;

  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId!: string;

  @Column('uuid', { name: 'team_id', nullable: true })
  teamId!: string | null;

  @Column('timestamptz', { name: 'period_start' })
  periodStart!: Date;

  @Column('timestamptz', { name: 'period_end' })
  periodEnd!: Date;

  @Column('double precision')
  progress!: number;

  @Column('boolean', { name: 'goal_reached' })
  goalReached!: boolean;

  @Column('timestamptz', { name: 'goal_reached_at', nullable: true })
  goalReachedAt!: Date | null;

  @Column('timestamptz', { name: 'reached_at', nullable: true })
  reachedAt!: Date | null;

  /** The member's repetition state over periods 0..period_index (domain RepetitionState). */
  @Column('integer', { name: 'current_run', default: 0 })
  currentRun!: number;

  @Column('integer', { name: 'best_run', default: 0 })
  bestRun!: number;

  @Column('timestamptz', { name: 'best_run_at', nullable: true })
  bestRunAt!: Date | null;

  @Column('integer', { name: 'reached_count', default: 0 })
  reachedCount!: number;

  @Column('timestamptz', { name: 'reached_count_at', nullable: true })
  reachedCountAt!: Date | null;

  /** How many of the thresholds 0.25, 0.5, 0.75 and 1, from the lowest, were notified (migration FiredThresholdCount). */
  @Column('smallint', { name: 'fired_threshold_count', default: 0 })
  firedThresholdCount!: number;

  @Column('double precision', { name: 'total_distance', default: 0 })
  totalDistance!: number;

  @Column('double precision', { name: 'total_steps', default: 0 })
  totalSteps!: number;

  @Column('double precision', { name: 'total_calories', default: 0 })
  totalCalories!: number;

  @Column('double precision', { name: 'total_duration_seconds', default: 0 })
  totalDurationSeconds!: number;

  @Column('double precision', { name: 'total_points', default: 0 })
  totalPoints!: number;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt!: Date;
}
