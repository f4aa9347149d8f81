import { ActivityHistory, RawActivity } from '../ports/activity-history';
import { deduplicateWorkouts, mergeDailySummaries } from './deduplication';
import { PointsEvent } from '../points/points-event';
import { DailySummary, Workout } from './activity-records';

/**
 * How long a workout can run: duplicates are looked for this far before `from`, so a
 * session whose copies straddle the window start is still recognised as one.
 */
export const WORKOUT_LOOK_BEHIND_MS = 24 * 60 * 60 * 1000;

/**
 * The scoring read side (ActivityHistory) over the raw records a batch read: daily summaries
 * merged per date, workouts deduplicated, events as recorded.
 */
export class DeduplicatedActivityHistory implements ActivityHistory {
  constructor(private readonly raw: RawActivity) {}

  dailySummaries(profileId: string, firstDate: string, lastDate: string): DailySummary[] {
    return mergeDailySummaries(this.raw.dailySummaries(profileId, firstDate, lastDate));
  }

  workouts(profileId: string, from: Date, to: Date): Workout[] {
    const raw = this.raw.workouts(profileId, new Date(from.getTime() - WORKOUT_LOOK_BEHIND_MS), to);
    return deduplicateWorkouts(raw).filter((w) => w.start.getTime() >= from.getTime() && w.start.getTime() < to.getTime());
  }

  events(profileId: string, from: Date, to: Date): PointsEvent[] {
    return this.raw.events(profileId, from, to).filter((e) => e.timestamp.getTime() < to.getTime());
  }
}
