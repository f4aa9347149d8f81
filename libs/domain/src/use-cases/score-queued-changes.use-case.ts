import { MemberPeriodScore } from '../challenge/member-period-score';
import { ChallengeDomainEvent } from '../events/challenge-events';
import { QueuedScoring, TakenScoring } from '../ports/scoring-backlog';
import { profileTurn, TransactionPorts, UnitOfWork } from '../ports/unit-of-work';
import { pointsRecordsRead, RefreshProfilePointsUseCase } from './refresh-profile-points.use-case';
import { RescoreProfileChallengesUseCase } from './rescore-profile-challenges.use-case';

/** Queued changes scored in one transaction: enough to share its commit, few enough to hold locks briefly. */
const SCORING_BATCH = 50;
/** Score rows held before they are written (still in the batch's transaction): bounds a batch's memory. */
const ROWS_PER_WRITE = 20_000;

/**
 * What one batch did: how many profiles it scored (0: nothing was due), and whether it took as
 * many changes as it could (more may be due: the caller goes on; otherwise the next change's
 * notification, or the worker's poll, starts the next batch).
 */
export interface ScoringRound {
  readonly profiles: number;
  readonly more: boolean;
}

/**
 * The scoring worker's work: takes a batch of queued changes (ScoringBacklog), scores each
 * profile's challenges over its change (RescoreProfileChallengesUseCase), settles its points of
 * the days around the change from the same read (RefreshProfilePointsUseCase) and writes the
 * batch's scores and threshold events in one statement each, in one unit of work, so they and the
 * backlog's removal commit together. It takes the profiles' turns first: a whole-challenge rescore
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

  /** Scores one batch of up to `limit` queued changes. */
  async execute(limit = SCORING_BATCH): Promise<ScoringRound> {
    let taken: TakenScoring = { changes: [], full: false };
    try {
      return await this.unitOfWork.run(async (ports) => {
        taken = await ports.scoringBacklog.take(limit);
        await this.score(taken.changes, ports);
        return { profiles: taken.changes.length, more: taken.full };
      });
    } catch (error) {
      if (taken.changes.length === 0) throw error;
      for (const change of taken.changes) await this.scoreAlone(change);
      return { profiles: taken.changes.length, more: taken.full };
    }
  }

  private async scoreAlone(profile: QueuedScoring): Promise<void> {
    try {
      await this.unitOfWork.run(async (ports) => this.score((await ports.scoringBacklog.take(SCORING_BATCH, profile)).changes, ports));
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
      // One read of the change's records for its challenges and its points: the points' records
      // are read with the challenges' (and counted from that read), or alone when no challenge
      // took the change.
      const read = pointsRecordsRead(change);
      const scored = await this.scoring.execute(change, ports, read);
      await this.points.settle(change, ports, read, scored.records);
      scores = scores.concat(scored.scores);
      events = events.concat(scored.events);
      if (scores.length >= ROWS_PER_WRITE) await write();
    }
    await write();
  }
}
