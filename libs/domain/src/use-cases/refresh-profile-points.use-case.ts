import { roundPoints } from '../points/points-calculator';
import { defaultPointsDefinition } from '../points/points-definition';
import { daysAround, pointsOfDays } from '../points/points-ledger';
import { QueuedScoring } from '../ports/scoring-backlog';
import { TransactionPorts } from '../ports/unit-of-work';

type LedgerPorts = Pick<TransactionPorts, 'pointsDefinitions' | 'activities' | 'pointsLedger' | 'profiles'>;

const DAY_MS = 86_400_000;

/**
 * Keeps a profile's total_points equal to the sum of its points under the app's current
 * definition (deduplicated daily summaries and workouts, plus events). The scoring worker settles
 * each queued change with it (ScoreQueuedChangesUseCase), holding the profile's turn: it recounts
 * only the days around the change's span (see daysAround) from the stored records, or everything
 * when a stored record was replaced.
 */
export class RefreshProfilePointsUseCase {
  async settle(change: QueuedScoring, ports: LedgerPorts): Promise<number> {
    const { appId, profileId } = change;
    if (change.replaced) return this.recountAll(ports, appId, profileId);
    const days = daysAround(change.from, change.to);
    const ordered = [...days]; // daysAround answers them in date order
    const definition = (await ports.pointsDefinitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
    // A day is recounted whole: its daily summaries, and the workouts of its deduplication groups,
    // which may start on the day before or after. Read as scoring reads them (only the fields
    // the views take, not each record's whole data).
    const summaries = await ports.activities.listDailySummaries(profileId, { fromDate: ordered[0], toDate: ordered[ordered.length - 1] });
    const workouts = await ports.activities.listWorkouts(profileId, {
      from: new Date(Date.parse(`${ordered[0]}T00:00:00Z`) - DAY_MS),
      to: new Date(Date.parse(`${ordered[ordered.length - 1]}T00:00:00Z`) + 2 * DAY_MS - 1),
    });
    const points = pointsOfDays(definition, summaries, workouts, days);
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
