import { challengeEnded, challengeStarted } from '../events/challenge-events';
import { Clock } from '../ports/clock';
import { UnitOfWork } from '../ports/unit-of-work';

const BATCH = 100;

/**
 * The lifecycle tick: writes challenge_start and challenge_end to the outbox once per challenge,
 * when its start or end has come: also for a challenge created already running or ended, or
 * whose dates a PATCH moved (the tick looks at the current dates). Marking and writing happen in
 * one unit of work (the tick's transaction), so an announcement is neither lost nor doubled.
 * Answers how many it wrote.
 */
export class AnnounceChallengeLifecycleUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<number> {
    let written = 0;
    for (;;) {
      const now = this.clock.now();
      const count = await this.unitOfWork.run(async (ports) => {
        const due = await ports.announcements.due(now, BATCH);
        for (const announcement of due) {
          const make = announcement.event === 'challenge_start' ? challengeStarted : challengeEnded;
          await ports.outbox.append([make(announcement.challenge, now)]);
          await ports.announcements.markAnnounced(announcement);
        }
        return due.length;
      });
      written += count;
      if (count < BATCH) return written;
    }
  }
}
