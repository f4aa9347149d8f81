import { MemberPeriodScore } from '../challenge/member-period-score';
import { ChallengeDomainEvent } from '../events/challenge-events';
import { QueuedScoring } from '../ports/scoring-backlog';
import { profileTurn, TransactionPorts, UnitOfWork } from '../ports/unit-of-work';
import { RefreshProfilePointsUseCase } from './refresh-profile-points.use-case';
import { RescoreProfileChallengesUseCase } from './rescore-profile-challenges.use-case';

/** Queued changes scored in one transaction: enough to share its commit, few enough to hold locks briefly. */
const SCORING_BATCH = 50;
/** Score rows held before they are written (still in the batch's transaction): bounds a batch's memory. */
const ROWS_PER_WRITE = 20_000;

/**
 * The scoring worker's work: takes a batch of queued changes (ScoringBacklog), settles each
 * profile's points of the days around its change (RefreshProfilePointsUseCase), scores its
 * challenges over the change (RescoreProfileChallengesUseCase) and writes the batch's scores and
 * threshold events in one statement each, in one unit of work, so they and the backlog's removal
 * commit together. It takes the profiles' turns first: a whole-challenge rescore
 * or another worker scoring one of them commits before it reads. A batch that fails is scored
 * again profile by profile, and a profile that fails alone is postponed (ScoringBacklog.postpone):
 * one change that cannot be scored never holds up the others.
 */
export class ScoreQueuedChangesUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly points: RefreshProfilePointsUseCase,
    private readonly scoring: RescoreProfileChallengesUseCase,
  ) {}

  /** Scores one batch; answers how many profiles it took (0: nothing was due). */
  async execute(limit = SCORING_BATCH): Promise<number> {
    let taken: readonly QueuedScoring[] = [];
    try {
      return await this.unitOfWork.run(async (ports) => {
        taken = await ports.scoringBacklog.take(limit);
        await this.score(taken, ports);
        return taken.length;
      });
    } catch (error) {
      if (taken.length === 0) throw error;
      for (const change of taken) await this.scoreAlone(change);
      return taken.length;
    }
  }

  private async scoreAlone(profile: QueuedScoring): Promise<void> {
    try {
      await this.unitOfWork.run(async (ports) => this.score(await ports.scoringBacklog.take(SCORING_BATCH, profile), ports));
    } catch (error) {
      await this.unitOfWork.run((ports) => ports.scoringBacklog.postpone(profile, error instanceof Error ? error.message : String(error)));
    }
  }

  private async score(queued: readonly QueuedScoring[], ports: TransactionPorts): Promise<void> {
    if (queued.length === 0) return;
    await ports.takeTurn(...queued.map((change) => profileTurn(change.profileId)));
    let scores: MemberPeriodScore[] = [];
    let events: ChallengeDomainEvent[] = [];
    // One write of each for the batch (or per ROWS_PER_WRITE rows). Events first, scores last:
    // saving scores marks the challenges' leaderboards stale (a row lock on each challenge until
    // commit), held shortest.
    const write = async () => {
      if (events.length > 0) await ports.outbox.append(events);
      if (scores.length > 0) await ports.scores.saveMany(scores);
      scores = [];
      events = [];
    };
    for (const change of queued) {
      await this.points.settle(change, ports);
      const scored = await this.scoring.execute(change, ports);
      scores = scores.concat(scored.scores);
      events = events.concat(scored.events);
      if (scores.length >= ROWS_PER_WRITE) await write();
    }
    await write();
  }
}
