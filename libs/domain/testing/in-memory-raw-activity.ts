import { PointsEvent } from '../src/points/points-event';
import { RawActivity } from '../src/ports/activity-history';
import { DailySummary, Workout } from '../src/records/activity-records';

/** Raw records held as given, every source's (what a batch reader read), both bounds of a range included. */
export class InMemoryRawActivity implements RawActivity {
  readonly summaries: DailySummary[] = [];
  readonly workoutRecords: Workout[] = [];
  readonly pointsEvents: PointsEvent[] = [];

  add(records: { dailySummaries?: readonly DailySummary[]; workouts?: readonly Workout[]; events?: readonly PointsEvent[] }): this {
    this.summaries.push(...(records.dailySummaries ?? []));
    this.workoutRecords.push(...(records.workouts ?? []));
    this.pointsEvents.push(...(records.events ?? []));
    return this;
  }

  dailySummaries(profileId: string, firstDate: string, lastDate: string): DailySummary[] {
    return this.summaries.filter((s) => s.profileId === profileId && s.date >= firstDate && s.date <= lastDate);
  }

  workouts(profileId: string, from: Date, to: Date): Workout[] {
    return this.workoutRecords.filter((w) => w.profileId === profileId && w.start >= from && w.start <= to);
  }

  events(profileId: string, from: Date, to: Date): PointsEvent[] {
    return this.pointsEvents.filter((e) => e.profileId === profileId && e.timestamp >= from && e.timestamp <= to);
  }
}
