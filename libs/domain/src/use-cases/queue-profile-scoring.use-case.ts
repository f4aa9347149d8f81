import { ActivityChange, ActivityChangeListener } from '../ports/activity-change-listener';
import { Clock } from '../ports/clock';
import { TransactionPorts } from '../ports/unit-of-work';

/**
 * What a write implies, as an activity-change listener: it queues the change (ScoringBacklog),
 * committed with the records; the scoring worker settles it moments later
 * (ScoreQueuedChangesUseCase): the profile's points of the days it touches, then the scores of its
 * challenges that still take the data. The write itself never counts: what that costs grows with
 * the profile's history and challenges, and counting in it held every touched challenge's row
 * until its commit.
 */
export class QueueProfileScoringUseCase implements ActivityChangeListener {
  constructor(private readonly clock: Clock) {}

  async activityChanged(change: ActivityChange, ports: TransactionPorts): Promise<void> {
    const { appId, profileId, from, to, replaced } = change;
    await ports.scoringBacklog.add({ appId, profileId, from, to, replaced, queuedAt: this.clock.now() });
  }
}
