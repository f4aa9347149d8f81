/**
 * A profile's activity changed over [from, to): its points of the days around that span and its
 * challenges' scores of that span are due.
 */
export interface QueuedScoring {
  readonly appId: string;
  readonly profileId: string;
  readonly from: Date;
  readonly to: Date;
  /**
   * A stored record was replaced: its old values may have counted on days the span does not
   * name, so the profile's points are recounted over its whole history (true if any merged change's was).
   */
  readonly replaced: boolean;
  /** When the change arrived (the earliest, for merged changes): late data counts if it arrived before a challenge's end + grace days. */
  readonly queuedAt: Date;
}

/** What one take found: the changes, merged per profile, and whether it took as many as its limit (more may be due). */
export interface TakenScoring {
  readonly changes: QueuedScoring[];
  readonly full: boolean;
}

/**
 * The changes waiting to be scored (docs/architecture.md "The write path"). A write queues its
 * change in the transaction that stores its records, so a crash never loses it; the scoring worker
 * takes changes in their own transactions and settles them: the profile's points, then its
 * challenges' scores.
 */
export interface ScoringBacklog {
  add(change: QueuedScoring): Promise<void>;
  /**
   * Takes up to `limit` queued changes that are due, oldest first (of one profile only, when
   * given), removed at commit (a rollback leaves them queued), one per profile: its changes merged
   * into the span that covers them, arrived at the earliest of their arrivals. Changes another
   * transaction holds are skipped, so several workers take different ones.
   */
  take(limit: number, profile?: { readonly appId: string; readonly profileId: string }): Promise<TakenScoring>;
  /**
   * After a failed scoring of the profile's changes: they are due again after a wait that doubles
   * with each failure (1 s, 2 s, 4 s, ... at most an hour), with the error kept, so one change that
   * cannot be scored never holds up the others.
   */
  postpone(profile: { readonly appId: string; readonly profileId: string }, error: string): Promise<void>;
}
