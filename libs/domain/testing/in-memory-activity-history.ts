import { PointsEvent } from '../src/points/points-event';
import { Workout } from '../src/records/activity-records';
import { ActivityHistory } from '../src/ports/activity-history';
import { InMemoryRawActivity } from './in-memory-raw-activity';

/** Holds records as given (tests give de-duplicated data, as the real adapter returns), with ActivityHistory's ranges: [from, to). */
export class InMemoryActivityHistory extends InMemoryRawActivity implements ActivityHistory {
  override workouts(profileId: string, from: Date, to: Date): Workout[] {
    return super.workouts(profileId, from, to).filter((w) => w.start < to);
  }

  override events(profileId: string, from: Date, to: Date): PointsEvent[] {
    return super.events(profileId, from, to).filter((e) => e.timestamp < to);
  }
}
