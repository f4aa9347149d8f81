import { TransactionPorts } from './unit-of-work';

/**
 * What changed in a profile's activity: new or updated daily summaries or workouts, or an
 * awarded event. `from`/`to` bound the instants touched (inclusive `from`, exclusive `to`); for
 * daily summaries the UTC span of the dates [date 00:00 − 14h, date+1 00:00 + 12h) so every
 * time zone's local day is covered.
 */
export interface ActivityChange {
  readonly appId: string;
  readonly profileId: string;
  readonly from: Date;
  readonly to: Date;
  /** A stored record was replaced: its old values may have counted on days the change does not name. */
  readonly replaced: boolean;
}

/**
 * Work that follows a stored activity change (queueing its scoring). It runs inside the
 * transaction that stores the change, through that transaction's ports, so the records and what
 * they imply commit together. The host binds every listener in one place.
 */
export interface ActivityChangeListener {
  activityChanged(change: ActivityChange, ports: TransactionPorts): Promise<void>;
}
