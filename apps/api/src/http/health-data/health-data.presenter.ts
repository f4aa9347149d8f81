import { PointsEvent } from '@strive/domain';

/** An event as served (Event of interface.md). */
export function presentEvent(event: PointsEvent) {
  return {
    public_id: event.id,
    name: event.name,
    points: event.points,
    timestamp: event.timestamp.toISOString(),
    activity_type: event.activityType,
    reference: event.reference,
  };
}
