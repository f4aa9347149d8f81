import { QueuedScoring, ScoringBacklog, TakenScoring } from '../src/ports/scoring-backlog';

/**
 * Queued changes in order; `take` merges each profile's into one span, as the SQL adapter does.
 * A postponed profile's changes are not due again (the twin has no clock to wait on).
 */
export class InMemoryScoringBacklog implements ScoringBacklog {
  readonly queued: QueuedScoring[] = [];
  /** Profiles whose scoring failed: their changes stay queued, not due again. */
  readonly postponed = new Set<string>();

  async add(change: QueuedScoring): Promise<void> {
    this.queued.push(change);
  }

  async take(limit: number, profile?: { appId: string; profileId: string }): Promise<TakenScoring> {
    const due = (change: QueuedScoring) =>
      !this.postponed.has(keyOf(change)) && (!profile || keyOf(change) === keyOf(profile));
    const taken = this.queued.filter(due).slice(0, limit);
    const merged = new Map<string, QueuedScoring>();
    for (const change of taken) {
      this.queued.splice(this.queued.indexOf(change), 1);
      const earlier = merged.get(keyOf(change));
      merged.set(keyOf(change), earlier
        ? {
            ...earlier,
            from: new Date(Math.min(earlier.from.getTime(), change.from.getTime())),
            to: new Date(Math.max(earlier.to.getTime(), change.to.getTime())),
            replaced: earlier.replaced || change.replaced,
            queuedAt: new Date(Math.min(earlier.queuedAt.getTime(), change.queuedAt.getTime())),
          }
        : change);
    }
    return { changes: [...merged.values()], full: taken.length === limit };
  }

  async postpone(profile: { appId: string; profileId: string }): Promise<void> {
    this.postponed.add(keyOf(profile));
  }
}

const keyOf = (profile: { appId: string; profileId: string }) => `${profile.appId}/${profile.profileId}`;
