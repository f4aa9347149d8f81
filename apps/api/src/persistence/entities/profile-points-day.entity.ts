import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The points a profile earned per day (daily summary of that date, workouts started that UTC day).
 * Derived data without a foreign key: its per-row check was half the cost of an upload's ledger
 * write; a profile's days go with it in TypeOrmProfileRepository.delete.
 */
@Entity({ name: 'profile_points_day' })
export class ProfilePointsDayEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId!: string;

  @PrimaryColumn('date')
  day!: string;

  @Column('double precision', { name: 'daily_summary_points' })
  dailySummaryPoints!: number;

  @Column('double precision', { name: 'workout_points' })
  workoutPoints!: number;
}
