import { ActivityHistory } from '../ports/activity-history';
import { ActivityRepository } from '../ports/activity-repository';
import { PointsEventRepository } from '../ports/points-event-repository';
import { deduplicateWorkouts, mergeDailySummaries } from './deduplication';
import { PointsEvent } from '../points/points-event';
import { DailySummary, Workout } from './activity-records';

/**
 * How long a workout can run: duplicates are looked for this far before `from`, so a
 * session whose copies straddle the window start is still recognised as one.
 */
export const WORKOUT_LOOK_BEHIND_MS = 24 * 60 * 60 * 1000;

/**
 * The scoring read side (ActivityHistory) over the stored raw records: daily summaries
 * merged per date, workouts deduplicated, events as recorded. Pure composition of ports,
 * so the host only binds it.
 */
export class DeduplicatedActivityHistory implements ActivityHistory {
  constructor(
    private readonly activities: Pick<ActivityRepository, 'listDailySummaries' | 'listWorkouts'>,
    private readonly pointsEvents: Pick<PointsEventRepository, 'listByProfile'>,
  ) {}

  async dailySummaries(profileId: string, firstDate: string, lastDate: string): Promise<DailySummary[]> {
    return mergeDailySummaries(await this.activities.listDailySummaries(profileId, { fromDate: firstDate, toDate: lastDate }));
  }

  async workouts(profileId: string, from: Date, to: Date): Promise<Workout[]> {
    const raw = await this.activities.listWorkouts(profileId, { from: new Date(from.getTime() - WORKOUT_LOOK_BEHIND_MS), to });
    return deduplicateWorkouts(raw).filter((w) => w.start.getTime() >= from.getTime() && w.start.getTime() < to.getTime());
  }

  async events(profileId: string, from: Date, to: Date): Promise<PointsEvent[]> {
    const events = await this.pointsEvents.listByProfile(profileId, { from, to });
    return events.filter((e) => e.timestamp.getTime() < to.getTime());
  }
}
