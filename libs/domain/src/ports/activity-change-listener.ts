/**
 * What changed in a profile's activity: new or updated daily summaries or workouts,
 * or an awarded event. `from`/`to` bound the instants touched (inclusive `from`,
 * exclusive `to`); for daily summaries the UTC span of the dates [date 00:00 − 14h,
 * date+1 00:00 + 12h) so every time zone's local day is covered.
 */
export interface ActivityChange {
  readonly appId: string;
  readonly profileId: string;
  readonly from: Date;
  readonly to: Date;
}

/**
 * Told after an activity change is stored (ingestion, events), so that scores of
 * the profile's challenges follow before the request returns.
 */
export interface ActivityChangeListener {
  activityChanged(change: ActivityChange): Promise<void>;
}
