import { PointsEvent } from '../points/points-event';
import { RecordTimeRange } from './activity-repository';

/** The ledger of events that awarded points. */
export interface PointsEventRepository {
  save(event: PointsEvent): Promise<void>;
  /** Ordered by timestamp, then id; the range bounds the timestamp (both included). */
  listByProfile(profileId: string, range?: RecordTimeRange): Promise<PointsEvent[]>;
}
