import { DailySummary, Source, Workout } from '../src/records/activity-records';
import { ActivityRepository, RecordDateRange, RecordTimeRange } from '../src/ports/activity-repository';

const key = (r: { profileId: string; source: Source; externalId: string }) =>
  `${r.profileId}\u0000${r.source}\u0000${r.externalId}`;

/** Daily summaries and workouts held as given, for unit tests that seed the scoring view directly. */
export class InMemoryActivityRepository implements ActivityRepository {
  readonly summaries = new Map<string, DailySummary>();
  readonly workoutRecords = new Map<string, Workout>();

  /** Seeds records (tests): replaces each by its key. */
  async upsert(records: { dailySummaries: readonly DailySummary[]; workouts: readonly Workout[] }): Promise<void> {
    for (const s of records.dailySummaries) this.summaries.set(key(s), s);
    for (const w of records.workouts) this.workoutRecords.set(key(w), w);
  }

  async listDailySummaries(profileId: string, range: RecordDateRange = {}): Promise<DailySummary[]> {
    return [...this.summaries.values()]
      .filter((s) => s.profileId === profileId)
      .filter((s) => (range.fromDate === undefined || s.date >= range.fromDate) && (range.toDate === undefined || s.date <= range.toDate))
      .sort((a, b) => compare(a.date, b.date) || compare(a.source, b.source) || compare(a.externalId, b.externalId));
  }

  async listWorkouts(profileId: string, range: RecordTimeRange = {}): Promise<Workout[]> {
    const t = (d: Date | undefined) => d?.getTime();
    return [...this.workoutRecords.values()]
      .filter((w) => w.profileId === profileId)
      .filter((w) => (range.from === undefined || w.start.getTime() >= t(range.from)!) && (range.to === undefined || w.start.getTime() <= t(range.to)!))
      .sort((a, b) => a.start.getTime() - b.start.getTime() || compare(a.source, b.source) || compare(a.externalId, b.externalId));
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
