import { roundPoints } from '../points/points-calculator';
import { defaultPointsDefinition } from '../points/points-definition';
import { daysAround, pointsOfDays } from '../points/points-ledger';
import { QueuedScoring } from '../ports/scoring-backlog';
import { TransactionPorts } from '../ports/unit-of-work';

type LedgerPorts = Pick<TransactionPorts, 'pointsDefinitions' | 'activities' | 'pointsLedger' | 'profiles'>;

const DAY_MS = 86_400_000;

/**
 * The days whose points a change moves (daysAround), and the records settling them reads: the
 * daily summaries of these dates and the workouts starting in [from, to] (both included).
 */
export interface PointsRecordsRead {
  readonly days: ReadonlySet<string>;
  readonly dates: { readonly first: string; readonly last: string };
  readonly workouts: { readonly from: Date; readonly to: Date };
}

/**
 * What RefreshProfilePointsUseCase.settle reads for a change: a day is recounted whole, its daily
 * summaries, and the workouts of its deduplication groups, which may start on the day before or
 * after. Null when the change replaced stored records (then the whole history is recounted).
 */
export function pointsRecordsRead(change: QueuedScoring): PointsRecordsRead | null {
  if (change.replaced) return null;
  const days = daysAround(change.from, change.to);
  const ordered = [...days]; // daysAround answers them in date order
  const first = ordered[0];
  const last = ordered[ordered.length - 1];
  return {
    days,
    dates: { first, last },
    workouts: { from: new Date(Date.parse(`${first}T00:00:00Z`) - DAY_MS), to: new Date(Date.parse(`${last}T00:00:00Z`) + 2 * DAY_MS - 1) },
  };
}

/**
 * Keeps a profile's total_points equal to the sum of its points under the app's current
 * definition (deduplicated daily summaries and workouts, plus events). The scoring worker settles
 * each queued change with it (ScoreQueuedChangesUseCase), holding the profile's turn: it recounts
 * only the days around the change's span (see daysAround) from the stored records, or everything
 * when a stored record was replaced.
 */
export class RefreshProfilePointsUseCase {
  /**
   * `read`: the change's pointsRecordsRead, when the caller computed it already; `records`: where
   * those records are read, when the caller has them already (the scoring worker's read for the
   * profile's challenges); the repository otherwise.
   */
  async settle(
    change: QueuedScoring,
    ports: LedgerPorts,
    read: PointsRecordsRead | null = pointsRecordsRead(change),
    records: LedgerPorts['activities'] = ports.activities,
  ): Promise<number> {
    const { appId, profileId } = change;
    if (read === null) return this.recountAll(ports, appId, profileId);
    const definition = (await ports.pointsDefinitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
    // Read as scoring reads them (only the fields the views take, not each record's whole data).
    const summaries = await records.listDailySummaries(profileId, { fromDate: read.dates.first, toDate: read.dates.last });
    const workouts = await records.listWorkouts(profileId, read.workouts);
    const points = pointsOfDays(definition, summaries, workouts, read.days);
    return this.setTotal(ports, appId, profileId, await ports.pointsLedger.saveDays(appId, profileId, points, false));
  }

  /** Recounts the profile's whole history (a new points definition, replaced records); answers the new total. */
  async recountAll(ports: LedgerPorts, appId: string, profileId: string): Promise<number> {
    const definition = (await ports.pointsDefinitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
    const days = pointsOfDays(definition, await ports.activities.listDailySummaries(profileId), await ports.activities.listWorkouts(profileId), null);
    return this.setTotal(ports, appId, profileId, await ports.pointsLedger.saveDays(appId, profileId, days, true));
  }

  private async setTotal(ports: LedgerPorts, appId: string, profileId: string, total: number): Promise<number> {
    const rounded = roundPoints(total);
    await ports.profiles.setTotalPoints(appId, profileId, rounded);
    return rounded;
  }
}
