import { ActivityType } from '../records/activity-records';
import { isSupportedTime, SUPPORTED_TIME_TEXT } from '../shared/supported-time-range';
import { PointsError, PointsErrorCode } from './points-error';

/** A generic event that awards points to a profile (POST profile/{id}/event/). */
export interface PointsEvent {
  readonly id: string;
  readonly profileId: string;
  readonly name: string;
  readonly points: number;
  readonly timestamp: Date;
  readonly activityType: ActivityType | null;
  readonly reference: string;
}

export const MAX_EVENT_NAME_LENGTH = 100;
/**
 * Points of one event at most: a bound keeps a profile's total (a double precision sum of
 * its events and records) exact to the cent (docs/decisions.md "Limits").
 */
export const MAX_EVENT_POINTS = 1_000_000;
/** Events may be stamped a little ahead to absorb clock skew between the client and us. */
export const EVENT_FUTURE_TOLERANCE_MS = 5 * 60 * 1000;

export interface PointsEventFields {
  readonly profileId: string;
  readonly name: string;
  readonly points: number;
  /** Defaults to `now`; decides which challenge period the points fall in. */
  readonly timestamp?: Date | null;
  readonly activityType?: ActivityType | null;
  readonly reference?: string | null;
}

/**
 * Builds an event that awards points. Points are non-negative (an event is something the
 * profile did, not a penalty) and the timestamp may not lie in the future, so nobody can
 * pre-load a period that has not started.
 */
export function createPointsEvent(id: string, fields: PointsEventFields, now: Date): PointsEvent {
  const fail = (field: string, message: string): never => {
    throw new PointsError(PointsErrorCode.InvalidEvent, message, field);
  };
  const name = fields.name.trim();
  if (name.length === 0 || name.length > MAX_EVENT_NAME_LENGTH) {
    fail('name', `An event name has 1 to ${MAX_EVENT_NAME_LENGTH} characters.`);
  }
  if (!Number.isFinite(fields.points) || fields.points < 0 || fields.points > MAX_EVENT_POINTS) {
    fail('points', `Event points must be a number from 0 to ${MAX_EVENT_POINTS}.`);
  }
  const timestamp = fields.timestamp ?? now;
  if (Number.isNaN(timestamp.getTime())) fail('timestamp', 'The event timestamp must be a valid date-time.');
  if (!isSupportedTime(timestamp)) fail('timestamp', `The event timestamp must lie ${SUPPORTED_TIME_TEXT}.`);
  if (timestamp.getTime() > now.getTime() + EVENT_FUTURE_TOLERANCE_MS) {
    fail('timestamp', 'The event timestamp may not lie in the future.');
  }
  return {
    id,
    profileId: fields.profileId,
    name,
    points: fields.points,
    timestamp,
    activityType: fields.activityType ?? null,
    reference: fields.reference ?? '',
  };
}
