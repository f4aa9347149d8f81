import { roundPoints } from '../points/points-calculator';
import { defaultPointsDefinition, PointsDefinition } from '../points/points-definition';
import { dailySummaryOf, workoutOf } from '../records/health-activity';
import { HealthRecord } from '../records/health-record';
import { DayPoints, pointsOfDays, touchedDays } from '../points/points-ledger';
import { HealthRecordRepository } from '../ports/health-record-repository';
import { PointsLedgerRepository } from '../ports/points-ledger-repository';
import { PointsDefinitionRepository } from '../ports/points-repository';
import { ProfileRepository } from '../ports/profile-repository';

/**
 * What changed: 'all' (recount the whole history: a new points definition, updated records) or
 * 'events' (only an event was added). New records: countDays, then saveDays.
 */
export type PointsRefreshScope = 'all' | 'events';

const DAY_MS = 86_400_000;
const SCORED_TYPES = ['daily_summary', 'workout'] as const;
const recordKey = (r: HealthRecord) => `${r.type}\u0000${r.source}\u0000${r.externalId}`;

/**
 * Keeps a profile's total_points equal to the sum of its points under the app's current
 * definition (deduplicated daily summaries and workouts, plus events), recounting only the
 * days an upload touched (see touchedDays). Records the caller is storing are passed in
 * rather than read back.
 */
export class RefreshProfilePointsUseCase {
  constructor(
    private readonly definitions: PointsDefinitionRepository,
    private readonly records: HealthRecordRepository,
    private readonly ledger: PointsLedgerRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(input: { readonly appId: string; readonly profileId: string; readonly scope: PointsRefreshScope }): Promise<number> {
    const { appId, profileId, scope } = input;
    if (scope === 'events') return this.setTotal(appId, profileId, await this.ledger.total(appId, profileId));
    const definition = (await this.definitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
    const days = this.pointsOfDays(definition, profileId, await this.records.listAll(appId, profileId, SCORED_TYPES, {}), null);
    return this.setTotal(appId, profileId, await this.ledger.saveDays(appId, profileId, days, true));
  }

  /**
   * The points of every day the given new (or unchanged) daily summaries and workouts touch
   * (other record types are ignored),
   * with the stored records they share those days with. It reads only records other than the
   * given ones, so it may run while they are being stored.
   */
  async countDays(appId: string, profileId: string, uploaded: readonly HealthRecord[]): Promise<DayPoints[]> {
    const records = uploaded.filter((r) => r.type === 'daily_summary' || r.type === 'workout');
    const days = touchedDays(records);
    if (days.size === 0) return [];
    const [definition, stored] = await Promise.all([
      this.definitions.findByApp(appId).then((found) => found ?? defaultPointsDefinition(appId)),
      this.neighbours(appId, profileId, records, days),
    ]);
    return this.pointsOfDays(definition, profileId, [...stored, ...records], days);
  }

  /** Stores days counted by countDays and updates total_points; answers the new total. */
  async saveDays(appId: string, profileId: string, days: readonly DayPoints[]): Promise<number> {
    return this.setTotal(appId, profileId, await this.ledger.saveDays(appId, profileId, days, false));
  }

  private async setTotal(appId: string, profileId: string, total: number): Promise<number> {
    const rounded = roundPoints(total);
    await this.profiles.setTotalPoints(appId, profileId, rounded);
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
  private async neighbours(appId: string, profileId: string, records: readonly HealthRecord[], days: Set<string>) {
    const sorted = [...days].sort();
    const from = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - DAY_MS);
    const to = new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + 2 * DAY_MS - 1);
    const exclude = { source: records[0].source, externalIds: records.map((r) => r.externalId) };
    const stored = await this.records.listAll(appId, profileId, SCORED_TYPES, { from, to }, exclude);
    const known = new Set(records.map(recordKey));
    return stored.filter((r) => !known.has(recordKey(r)) && (r.type === 'workout' || days.has(String(r.data.date))));
  }
}
