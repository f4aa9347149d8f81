import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Clock, DeliverPushUseCase, PushDeliveryStatus } from '@strive/domain';
import { AppConfig } from '../config/app-config';
import { StriveMetrics, WebhookDeliveryOutcome } from '../metrics/strive-metrics';
import { TypeOrmPushFanOut } from '../persistence/delivery/typeorm-push-fan-out';
import { APP_CONFIG, CLOCK } from '../system/tokens';

const OUTCOME_OF: Record<PushDeliveryStatus, WebhookDeliveryOutcome> = { delivered: 'delivered', pending: 'retrying', failed: 'gave_up' };

/**
 * The webhook delivery of this process (docs/webhooks.md), when jobs are enabled: challenge events
 * are fanned out every JOBS_POLL_INTERVAL_MS, data pushes every PUSH_INTERVAL_SECONDS, and
 * PUSH_WORKERS loops each send one claimed delivery at a time. Every process runs the same loops;
 * the database (SKIP LOCKED, leases) keeps them from doing the same work twice.
 */
@Injectable()
export class PushDispatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Webhooks');
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly loops: Promise<void>[] = [];
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
    this.every(this.config.jobs.pollIntervalMs, () => this.fanOut.releaseChallengeEvents(this.clock.now()));
    this.every(this.config.push.intervalMs, () => this.fanOut.releaseDataPushes(this.clock.now()));
    this.every(3_600_000, () => this.fanOut.prune(this.clock.now()));
    for (let i = 0; i < this.config.push.workers; i++) this.loops.push(this.work());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
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
    const status = await this.deliver.execute();
    if (status) this.metrics.webhookDeliveries.inc({ outcome: OUTCOME_OF[status] });
    return status;
  }

  private async work(): Promise<void> {
    while (!this.stopped) {
      const sent = await this.deliverOne().catch((error) => {
        this.logger.error(`delivery failed: ${(error as Error).message}`);
        return null;
      });
      if (!sent && !this.stopped) await new Promise((resolve) => setTimeout(resolve, this.config.jobs.pollIntervalMs).unref());
    }
  }

  /** Runs `task` every `intervalMs`, the next run timed from the end of the last one. */
  private every(intervalMs: number, task: () => Promise<unknown>): void {
    const slot = this.timers.length;
    const run = () => {
      if (this.stopped) return;
      task()
        .catch((error) => this.logger.error(`push release failed: ${(error as Error).message}`))
        .finally(() => {
          if (!this.stopped) this.timers[slot] = setTimeout(run, intervalMs).unref();
        });
    };
    this.timers[slot] = setTimeout(run, intervalMs).unref();
  }
}
