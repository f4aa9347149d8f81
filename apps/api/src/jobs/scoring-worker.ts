import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ScoreQueuedChangesUseCase } from '@strive/domain';
import { AppConfig } from '../config/app-config';
import { StriveMetrics } from '../metrics/strive-metrics';
import { ChangeFeed } from '../persistence/shared/change-feed';
import { APP_CONFIG } from '../system/tokens';
import { SerialRounds } from './serial-rounds';

/**
 * Live scoring's worker: it scores what uploads queued (ScoreQueuedChangesUseCase), batch after
 * batch while they come full, as soon as it hears that a change was queued (the ChangeFeed's
 * `scoring` topic, at the upload's commit, from any process) and every JOBS_POLL_INTERVAL_MS in
 * case a notification was missed. It runs beside the job runner, not as one of its jobs, so a
 * change never waits behind a long job (a whole challenge's rescoring). Several processes share
 * the backlog (each batch skips what another holds).
 */
@Injectable()
export class ScoringWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Scoring');
  private readonly rounds = new SerialRounds(
    () => this.scoreAll(),
    (error) => this.logger.error(`scoring failed, the changes stay queued: ${error.message}`),
  );
  /** A round was asked for and has not started yet: more wakes add nothing. */
  private woken = false;

  constructor(
    private readonly scoreQueued: ScoreQueuedChangesUseCase,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: StriveMetrics,
    private readonly feed: ChangeFeed,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobs.enabled) return;
    this.feed.subscribe('scoring', () => this.wake());
    // What an earlier run left queued (a crash, a restart) is scored at once.
    this.wake();
    this.rounds.every(this.config.jobs.pollIntervalMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** Scores every queued change (tests, the CLI); answers how many profiles it scored. */
  drain(): Promise<number> {
    return this.rounds.run();
  }

  private wake(): void {
    if (this.woken || this.rounds.isStopped) return;
    this.woken = true;
    this.rounds.start();
  }

  /**
   * Batches until one is not full: what is queued after the last one's look comes with its own
   * notification (no second look at an empty queue, three statements less per upload).
   */
  private async scoreAll(): Promise<number> {
    this.woken = false;
    let scored = 0;
    for (;;) {
      const stop = this.metrics.rescoreDuration.startTimer({ trigger: 'queued.challenge_scores' });
      const { profiles, more } = await this.scoreQueued.execute();
      if (profiles > 0) stop(); // a look at an empty queue is not a scoring
      scored += profiles;
      if (!more || this.rounds.isStopped) return scored;
    }
  }
}
