import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ProfileEntity } from './profile.entity';

/** The points a profile earned per day (daily summary of that date, workouts started that UTC day). */
@Entity({ name: 'profile_points_day' })
export class ProfilePointsDayEntity {
  @PrimaryColumn('uuid', { name: 'app_id' })
  appId!: string;

  @PrimaryColumn('uuid', { name: 'profile_id' })
  profileId!: string;

  @ManyToOne(() => ProfileEntity, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'app_id', referencedColumnName: 'appId' },
    { name: 'profile_id', referencedColumnName: 'id' },
  ])
  profile?: ProfileEntity;

  @PrimaryColumn('date')
  day!: string;

  @Column('double precision', { name: 'daily_summary_points' })
  dailySummaryPoints!: number;

  @Column('double precision', { name: 'workout_points' })
  workoutPoints!: number;
}
