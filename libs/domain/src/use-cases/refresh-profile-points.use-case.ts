import { roundPoints } from '../points/points-calculator';
import { defaultPointsDefinition, PointsDefinition } from '../points/points-definition';
import { dailySummaryOf, workoutOf } from '../records/health-activity';
import { HealthRecord } from '../records/health-record';
import { daysAround, pointsOfDays } from '../points/points-ledger';
import { QueuedScoring } from '../ports/scoring-backlog';
import { TransactionPorts } from '../ports/unit-of-work';

type LedgerPorts = Pick<TransactionPorts, 'pointsDefinitions' | 'records' | 'pointsLedger' | 'profiles'>;

const DAY_MS = 86_400_000;
const SCORED_TYPES = ['daily_summary', 'workout'] as const;

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
    // A day is recounted whole: its daily summaries, and the workouts of its deduplication groups,
    // which may start on the day before or after.
    const from = new Date(Date.parse(`${ordered[0]}T00:00:00Z`) - DAY_MS);
    const to = new Date(Date.parse(`${ordered[ordered.length - 1]}T00:00:00Z`) + 2 * DAY_MS - 1);
    const definition = (await ports.pointsDefinitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
    const stored = await ports.records.listAll(appId, profileId, SCORED_TYPES, { from, to });
    const points = this.pointsOfDays(definition, profileId, stored, days);
    return this.setTotal(ports, appId, profileId, await ports.pointsLedger.saveDays(appId, profileId, points, false));
  }

  /** Recounts the profile's whole history (a new points definition, replaced records); answers the new total. */
  async recountAll(ports: LedgerPorts, appId: string, profileId: string): Promise<number> {
    const definition = (await ports.pointsDefinitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
    const days = this.pointsOfDays(definition, profileId, await ports.records.listAll(appId, profileId, SCORED_TYPES, {}), null);
    return this.setTotal(ports, appId, profileId, await ports.pointsLedger.saveDays(appId, profileId, days, true));
  }

  private async setTotal(ports: LedgerPorts, appId: string, profileId: string, total: number): Promise<number> {
    const rounded = roundPoints(total);
    await ports.profiles.setTotalPoints(appId, profileId, rounded);
    return rounded;
  }

  private pointsOfDays(definition: PointsDefinition, profileId: string, records: readonly HealthRecord[], days: Set<string> | null) {
    return pointsOfDays(
      definition,
      records.filter((r) => r.type === 'daily_summary').map((r) => dailySummaryOf(profileId, r)),
      records.filter((r) => r.type === 'workout').map((r) => workoutOf(profileId, r)),
      days,
    );
  }
}
