import { PointsEvent } from '../points/points-event';
import { DailySummary, Workout } from '../records/activity-records';

/**
 * Read side of a profile's activity for scoring, over records a ScoringBatchReader has already
 * read (so synchronous: rescoring a batch of members is plain computation, no promise per member).
 * Every method returns records already de-duplicated (one record per real-world day or workout).
 */
export interface ActivityHistory {
  /** Daily summaries whose local date lies in [firstDate, lastDate] (YYYY-MM-DD, both included). */
  dailySummaries(profileId: string, firstDate: string, lastDate: string): readonly DailySummary[];
  /** Workouts whose start lies in [from, to). */
  workouts(profileId: string, from: Date, to: Date): readonly Workout[];
  /** Points events whose timestamp lies in [from, to). */
  events(profileId: string, from: Date, to: Date): readonly PointsEvent[];
}

/**
 * The raw records a ScoringBatchReader read, every source's, in memory (DeduplicatedActivityHistory
 * de-duplicates them, in whatever order they come): both bounds of a range included, only what the
 * batch read.
 */
export interface RawActivity {
  dailySummaries(profileId: string, firstDate: string, lastDate: string): readonly DailySummary[];
  /** Workouts whose start lies in [from, to]. */
  workouts(profileId: string, from: Date, to: Date): readonly Workout[];
  /** Points events whose timestamp lies in [from, to]. */
  events(profileId: string, from: Date, to: Date): readonly PointsEvent[];
}
