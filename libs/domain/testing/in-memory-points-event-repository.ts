import { PointsEvent } from '../src/points/points-event';
import { RecordTimeRange } from '../src/ports/activity-repository';
import { PointsEventRepository } from '../src/ports/points-event-repository';

export class InMemoryPointsEventRepository implements PointsEventRepository {
  readonly events: PointsEvent[] = [];

  async save(event: PointsEvent): Promise<void> {
    this.events.push(event);
  }

  async listByProfile(profileId: string, range: RecordTimeRange = {}): Promise<PointsEvent[]> {
    return this.events
      .filter((e) => e.profileId === profileId)
      .filter((e) => (range.from === undefined || e.timestamp >= range.from) && (range.to === undefined || e.timestamp <= range.to))
      .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime() || (a.id < b.id ? -1 : 1));
  }
}
