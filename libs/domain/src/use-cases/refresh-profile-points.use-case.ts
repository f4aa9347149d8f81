import { roundPoints } from '../points/points-calculator';
import { defaultPointsDefinition } from '../points/points-definition';
import { dailySummaryOf, workoutOf } from '../health/health-activity';
import { HealthRecord } from '../health/health-record';
import { daysBetween, pointsOfDays } from '../health/points-ledger';
import { HealthRecordRepository } from '../ports/health-record-repository';
import { PointsLedgerRepository } from '../ports/points-ledger-repository';
import { PointsDefinitionRepository } from '../ports/points-repository';
import { ProfileRepository } from '../ports/profile-repository';

/**
 * What changed: 'all' (recount the whole history: a new points definition, updated records),
 * 'events' (only an event was added), or newly created daily summaries and workouts.
 */
export type PointsRefreshScope = 'all' | 'events' | { readonly created: readonly HealthRecord[] };

const DAY_MS = 86_400_000;

/**
 * Keeps a profile's total_points equal to the sum of its points under the app's current
 * definition (deduplicated daily summaries and workouts, plus events), recounting only the
 * days an upload touched: the dates of new daily summaries, and for new workouts the UTC days
 * from a day before their start to a day after their end (a new copy of a session may take
 * over from a copy filed on the day before). Records the caller just created are passed in
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
    if (scope !== 'events') {
      const definition = (await this.definitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
      const created = scope === 'all' ? [] : scope.created;
      const summaries = created.filter((r) => r.type === 'daily_summary');
      const workouts = created.filter((r) => r.type === 'workout');
      let days: Set<string> | null = null;
      let storedSummaries: HealthRecord[];
      let storedWorkouts: HealthRecord[];
      if (scope === 'all') {
        storedSummaries = await this.records.listAll(appId, profileId, 'daily_summary', {});
        storedWorkouts = await this.records.listAll(appId, profileId, 'workout', {});
      } else {
        days = new Set<string>();
        for (const s of summaries) days.add(String(s.data.date));
        for (const w of workouts) {
          daysBetween(new Date(w.time.getTime() - DAY_MS), new Date((w.endTime ?? w.time).getTime() + DAY_MS)).forEach((d) => days?.add(d));
        }
        storedSummaries = await this.others(appId, profileId, 'daily_summary', summaries, days);
        storedWorkouts = await this.others(appId, profileId, 'workout', workouts, days);
      }
      const dayPoints = pointsOfDays(
        definition,
        [...storedSummaries, ...summaries].map((r) => dailySummaryOf(profileId, r)),
        [...storedWorkouts, ...workouts].map((r) => workoutOf(profileId, r)),
        days,
      );
      await this.ledger.saveDays(appId, profileId, dayPoints, scope === 'all');
    }
    const total = roundPoints(await this.ledger.total(appId, profileId));
    await this.profiles.setTotalPoints(appId, profileId, total);
    return total;
  }

  /**
   * Stored records that may share a day or a deduplication group with the given days (a day
   * is recounted whole: its daily summaries and its workouts).
   */
  private async others(appId: string, profileId: string, type: 'daily_summary' | 'workout', created: readonly HealthRecord[], days: Set<string>) {
    if (days.size === 0) return [];
    const sorted = [...days].sort();
    // Workouts: a day more on each side, for the groups of records on the edge days.
    const margin = type === 'workout' ? DAY_MS : 0;
    const from = new Date(Date.parse(`${sorted[0]}T00:00:00Z`) - margin);
    const to = new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + margin + (type === 'workout' ? DAY_MS - 1 : 0));
    const stored = await this.records.listAll(appId, profileId, type, { from, to }, created.length > 0 ? { source: created[0].source, externalIds: created.map((r) => r.externalId) } : undefined);
    return type === 'daily_summary' ? stored.filter((r) => days.has(String(r.data.date))) : stored;
  }
}
