import { roundPoints } from '../points/points-calculator';
import { defaultPointsDefinition, PointsDefinition } from '../points/points-definition';
import { dailySummaryOf, workoutOf } from '../records/health-activity';
import { HealthRecord } from '../records/health-record';
import { DayPoints, pointsOfDays, touchedDays } from '../points/points-ledger';
import { ActivityChange, ActivityChangeListener } from '../ports/activity-change-listener';
import { TransactionPorts } from '../ports/unit-of-work';

type LedgerPorts = Pick<TransactionPorts, 'pointsDefinitions' | 'records' | 'pointsLedger' | 'profiles'>;

const DAY_MS = 86_400_000;
const SCORED_TYPES = ['daily_summary', 'workout'] as const;
const recordKey = (r: HealthRecord) => `${r.type}\u0000${r.source}\u0000${r.externalId}`;

/**
 * Keeps a profile's total_points equal to the sum of its points under the app's current
 * definition (deduplicated daily summaries and workouts, plus events). As an activity-change
 * listener it recounts only the days the written records touch (see touchedDays), or everything
 * when a stored record was replaced; events only need the total again.
 */
export class RefreshProfilePointsUseCase implements ActivityChangeListener {
  async activityChanged(change: ActivityChange, ports: TransactionPorts): Promise<void> {
    const { appId, profileId } = change;
    if (change.replaced) {
      await this.recountAll(ports, appId, profileId);
    } else if (change.records.length > 0) {
      const days = await this.countDays(ports, appId, profileId, change.records);
      await this.setTotal(ports, appId, profileId, await ports.pointsLedger.saveDays(appId, profileId, days, false));
    } else {
      await this.setTotal(ports, appId, profileId, await ports.pointsLedger.total(appId, profileId));
    }
  }

  /** Recounts the profile's whole history (a new points definition, replaced records); answers the new total. */
  async recountAll(ports: LedgerPorts, appId: string, profileId: string): Promise<number> {
    const definition = (await ports.pointsDefinitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
    const days = this.pointsOfDays(definition, profileId, await ports.records.listAll(appId, profileId, SCORED_TYPES, {}), null);
    return this.setTotal(ports, appId, profileId, await ports.pointsLedger.saveDays(appId, profileId, days, true));
  }

  /**
   * The points of every day the given daily summaries and workouts touch, with the stored
   * records they share those days with (read without the given ones, which are passed in).
   */
  private async countDays(ports: LedgerPorts, appId: string, profileId: string, records: readonly HealthRecord[]): Promise<DayPoints[]> {
    const days = touchedDays(records);
    const definition = (await ports.pointsDefinitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
    const stored = await this.neighbours(ports, appId, profileId, records, days);
    return this.pointsOfDays(definition, profileId, [...stored, ...records], days);
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

  /**
   * Stored records that may share a day or a deduplication group with the given days (a day
   * is recounted whole: its daily summaries and its workouts), in one read: a day more on each
   * side for the workouts of the edge days' groups. The given records are left out (in the
   * query for their source, as uploads have one, and by key).
   */
  private async neighbours(ports: LedgerPorts, appId: string, profileId: string, records: readonly HealthRecord[], days: Set<string>) {
    const sorted = [...days].sort();
    const from = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - DAY_MS);
    const to = new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + 2 * DAY_MS - 1);
    const exclude = { source: records[0].source, externalIds: records.map((r) => r.externalId) };
    const stored = await ports.records.listAll(appId, profileId, SCORED_TYPES, { from, to }, exclude);
    const known = new Set(records.map(recordKey));
    return stored.filter((r) => !known.has(recordKey(r)) && (r.type === 'workout' || days.has(String(r.data.date))));
  }
}
