import { ActivityChange, ActivityChangeListener } from '../ports/activity-change-listener';
import { Clock } from '../ports/clock';
import { TransactionPorts } from '../ports/unit-of-work';
import { challengesAffectedBy } from './rescore-profile-challenges.use-case';

/**
 * Live scoring's part of a write, as an activity-change listener: when the change touches a
 * challenge of the profile that still takes late data, it queues the change (ScoringBacklog),
 * committed with the records; the scoring worker scores it moments later
 * (ScoreQueuedChangesUseCase). The write itself never scores: what it costs grows with the
 * profile's challenges, and scoring in it held every touched challenge's row until its commit.
 */
export class QueueProfileScoringUseCase implements ActivityChangeListener {
  constructor(private readonly clock: Clock) {}

  async activityChanged(change: ActivityChange, ports: TransactionPorts): Promise<void> {
    const queued = { appId: change.appId, profileId: change.profileId, from: change.from, to: change.to, queuedAt: this.clock.now() };
    if ((await challengesAffectedBy(queued, ports)).length > 0) await ports.scoringBacklog.add(queued);
  }
}
