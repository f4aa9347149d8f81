import { PointsEvent } from '../points/points-event';
import { DailySummary, Workout } from '../records/activity-records';

/**
 * Read side of a profile's activity for scoring. Every method returns records already
 * de-duplicated by the adapter (one record per real-world day or workout).
 */
export interface ActivityHistory {
  /** Daily summaries whose local date lies in [firstDate, lastDate] (YYYY-MM-DD, both included). */
  dailySummaries(profileId: string, firstDate: string, lastDate: string): Promise<DailySummary[]>;
  /** Workouts whose start lies in [from, to). */
  workouts(profileId: string, from: Date, to: Date): Promise<Workout[]>;
  /** Points events whose timestamp lies in [from, to). */
  events(profileId: string, from: Date, to: Date): Promise<PointsEvent[]>;
}
