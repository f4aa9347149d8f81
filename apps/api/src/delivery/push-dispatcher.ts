import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock, DeliverPushUseCase, PushDeliveryStatus } from '@strive/domain';
import { AppConfig } from '../config/app-config';
import { SerialRounds } from '../jobs/serial-rounds';
import { StriveMetrics, WebhookDeliveryOutcome } from '../metrics/strive-metrics';
import { TypeOrmPushFanOut } from '../persistence/delivery/typeorm-push-fan-out';
import { APP_CONFIG, CLOCK } from '../system/tokens';

const OUTCOME_OF: Record<PushDeliveryStatus, WebhookDeliveryOutcome> = { delivered: 'delivered', pending: 'retrying', failed: 'gave_up' };

/**
 * The webhook delivery of this process (docs/webhooks.md), when jobs are enabled: challenge events
 * are fanned out every JOBS_POLL_INTERVAL_MS, data pushes every PUSH_INTERVAL_SECONDS, and
 * PUSH_WORKERS loops each send one claimed delivery at a time. While nothing is due, one idle
 * loop asks the database (every JOBS_POLL_INTERVAL_MS); the others wait until it or a fan-out
 * finds work, then all of them claim until nothing is left: an idle process polls once per
 * interval, not once per worker. Every process runs the same loops; the database (SKIP
 * LOCKED, leases) keeps them from doing the same work twice.
 */
@Injectable()
export class PushDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  /** The fan-outs and the pruning, each on its own interval. */
  private readonly releases: SerialRounds<unknown>[] = [];
  private readonly loops: Promise<void>[] = [];
  /** Workers waiting for work to be found (while nothing is due; the polling one until its next poll too). */
  private waiting: (() => void)[] = [];
  /** Whether an idle worker polls (the others then wait). */
  private polling = false;
  private stopped = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly fanOut: TypeOrmPushFanOut,
    private readonly deliver: DeliverPushUseCase,
    private readonly metrics: StriveMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.jobs.enabled) return;
    const releasing = (release: (now: Date) => Promise<number>) => async () => {
      if ((await release(this.clock.now())) > 0) this.wakeWorkers();
    };
    this.every(this.config.jobs.pollIntervalMs, releasing((now) => this.fanOut.releaseChallengeEvents(now)));
    this.every(this.config.push.intervalMs, releasing((now) => this.fanOut.releaseDataPushes(now)));
    this.every(3_600_000, () => this.fanOut.prune(this.clock.now()));
    for (let i = 0; i < this.config.push.workers; i++) this.loops.push(this.work());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.releases.map((rounds) => rounds.stop()));
    this.wakeWorkers();
    await Promise.all(this.loops);
  }

  /** Releases everything waiting and sends every due delivery, one after the other (the tests' runPushes()); answers the attempts made. */
  async runOnce(): Promise<number> {
    await this.fanOut.releaseChallengeEvents(this.clock.now());
    await this.fanOut.releaseDataPushes(this.clock.now());
    let attempts = 0;
    while (await this.deliverOne()) attempts++;
    return attempts;
  }

  /** One attempt, counted in webhook_deliveries_total by its outcome; null when nothing was due. */
  private async deliverOne(): Promise<PushDeliveryStatus | null> {
    // Claimed: more may be due, and this worker may be held by a slow receiver: another claims
    // meanwhile (one, not all: with one busy endpoint the others' claims would all come back empty).
    const status = await this.deliver.execute(() => this.wakeWorkers(1));
    if (status) this.metrics.webhookDeliveries.inc({ outcome: OUTCOME_OF[status] });
    return status;
  }

  /**
   * One worker: claims and sends until nothing is due; then it polls if no other idle worker does
   * (a claim wakes a waiting one, so a worker held by a slow receiver leaves the polling to
   * another, and a backlog wakes them one after the other), else it waits to be woken.
   */
  private async work(): Promise<void> {
    while (!this.stopped) {
      const sent = await this.deliverOne().catch((error) => {
        this.logger.error(`delivery failed: ${(error as Error).message}`);
        return null;
      });
      if (sent || this.stopped) continue;
      const polls = !this.polling;
      this.polling = true;
      await this.waitForWork(polls ? this.config.jobs.pollIntervalMs : null);
      if (polls) this.polling = false;
    }
  }

  /** Until woken (work found, shutdown), or `pollMs` has passed. */
  private waitForWork(pollMs: number | null): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        if (timer) clearTimeout(timer);
        resolve();
      };
      const timer = pollMs === null ? null : setTimeout(() => {
        this.waiting = this.waiting.filter((waiting) => waiting !== wake);
        resolve();
      }, pollMs).unref();
      this.waiting.push(wake);
    });
  }

  /** Something was due: `count` waiting workers (default all) claim again (there may be more). */
  private wakeWorkers(count = Number.POSITIVE_INFINITY): void {
    const woken = this.waiting.slice(0, count);
    this.waiting = this.waiting.slice(woken.length);
    for (const wake of woken) wake();
  }

  /** Runs `task` every `intervalMs`, the next run timed from the end of the last one. */
  private every(intervalMs: number, task: () => Promise<unknown>): void {
    const rounds = new SerialRounds(task, (error) => this.logger.error(`push release failed: ${error.message}`));
    this.releases.push(rounds);
    rounds.every(intervalMs);
  }
}
