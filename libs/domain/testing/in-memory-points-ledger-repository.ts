import { DayPoints } from '../src/points/points-ledger';
import { PointsLedgerRepository } from '../src/ports/points-ledger-repository';
import { InMemoryPointsEventRepository } from './in-memory-points-event-repository';

export class InMemoryPointsLedgerRepository implements PointsLedgerRepository {
  readonly days = new Map<string, Map<string, DayPoints>>();

  constructor(private readonly events: InMemoryPointsEventRepository) {}

  async saveDays(appId: string, profileId: string, days: readonly DayPoints[], replaceAll: boolean): Promise<number> {
    const key = `${appId}\u0000${profileId}`;
    const profile = replaceAll ? new Map<string, DayPoints>() : (this.days.get(key) ?? new Map<string, DayPoints>());
    for (const day of days) {
      if (day.dailySummaries === 0 && day.workouts === 0) profile.delete(day.day);
      else profile.set(day.day, day);
    }
    if (profile.size > 0) this.days.set(key, profile);
    else this.days.delete(key);
    const events = await this.events.listByProfile(profileId);
    return [...profile.values()].reduce((sum, d) => sum + d.dailySummaries + d.workouts, 0) + events.reduce((sum, e) => sum + e.points, 0);
  }
}
