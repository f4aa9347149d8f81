import { PointsEvent } from '../src/points/points-event';
import { DailySummary, Workout } from '../src/records/activity-records';
import { ActivityHistory } from '../src/ports/activity-history';

/** Holds records as given (tests give de-duplicated data, as the real adapter returns). */
export class InMemoryActivityHistory implements ActivityHistory {
  readonly summaries: DailySummary[] = [];
  readonly workoutRecords: Workout[] = [];
  readonly pointsEvents: PointsEvent[] = [];

  add(records: { dailySummaries?: DailySummary[]; workouts?: Workout[]; events?: PointsEvent[] }): this {
    this.summaries.push(...(records.dailySummaries ?? []));
    this.workoutRecords.push(...(records.workouts ?? []));
    this.pointsEvents.push(...(records.events ?? []));
    return this;
  }

  async dailySummaries(profileId: string, firstDate: string, lastDate: string): Promise<DailySummary[]> {
    return this.summaries.filter((s) => s.profileId === profileId && s.date >= firstDate && s.date <= lastDate);
  }

  async workouts(profileId: string, from: Date, to: Date): Promise<Workout[]> {
    return this.workoutRecords.filter((w) => w.profileId === profileId && within(w.start, from, to));
  }

  async events(profileId: string, from: Date, to: Date): Promise<PointsEvent[]> {
    return this.pointsEvents.filter((e) => e.profileId === profileId && within(e.timestamp, from, to));
  }
}

function within(instant: Date, from: Date, to: Date): boolean {
  return instant.getTime() >= from.getTime() && instant.getTime() < to.getTime();
}
