import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { JobRequest, RetryLater } from '@strive/domain';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { StriveMetrics } from '../metrics/strive-metrics';
import { APP_CONFIG, JOB_HANDLERS } from '../system/tokens';
import { JobHandler } from './job-handler';
import { SerialRounds } from './serial-rounds';

interface ClaimedJob {
  readonly id: string;
  readonly payload: JobRequest;
  readonly attempts: number;
  readonly max_attempts: number;
}

const MAX_BACKOFF_MS = 3_600_000;
/** While a job runs its lock is renewed this often, so JobMaintenanceTick never hands a live job to another worker. */
const HEARTBEAT_MS = 60_000;

/** Retry n (1-based) waits 2^(n-1) seconds, at most an hour: 1 s, 2 s, 4 s, ... */
export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));
}

/** A handler's RetryLater (a vendor's Retry-After) is honoured when longer than the backoff. */
function retryDelayMs(error: unknown, attempts: number): number {
  const backoff = backoffMs(attempts);
  return error instanceof RetryLater ? Math.min(MAX_BACKOFF_MS * 24, Math.max(backoff, error.afterSeconds * 1000)) : backoff;
}

/**
 * The worker of the job table. Every JOBS_POLL_INTERVAL_MS it claims due pending jobs, one at a
 * time, with FOR UPDATE SKIP LOCKED (several API processes share the table without running a job
 * twice at once), runs each through the handler of its type (renewing its lock while it runs), and
 * marks it done, or pending again with exponential backoff, or failed after max_attempts. A job
 * whose worker died stays 'running' until JobMaintenanceTick hands it back. Handlers must be
 * idempotent: a job runs at least once.
 */
@Injectable()
export class JobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  private readonly handlers = new Map<string, JobHandler>();
  /** One round claims the next due job and runs it (one at a time: a claimed job never waits behind another). */
  private readonly rounds = new SerialRounds(
    () => this.claimAndRun(),
    (error) => this.logger.error(`job round failed: ${error.message}`),
  );

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(JOB_HANDLERS) handlers: readonly JobHandler[],
    private readonly metrics: StriveMetrics,
  ) {
    for (const handler of handlers) this.handlers.set(handler.type, handler);
  }

  onApplicationBootstrap(): void {
    if (this.config.jobs.enabled) this.rounds.every(this.config.jobs.pollIntervalMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** Runs due jobs until none is left (tests, the CLI); answers how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    for (let count = await this.rounds.run(); count > 0; count = await this.rounds.run()) ran += count;
    return ran;
  }

  private async claimAndRun(): Promise<number> {
    const claimed: ClaimedJob[] = await this.dataSource.query(
      // (A CTE, so that the driver answers rows as for a SELECT.)
      `WITH claimed AS (
         UPDATE job SET status = 'running', attempts = attempts + 1, locked_at = now(), locked_by = $1, singleton_key = NULL
         WHERE id IN (SELECT id FROM job WHERE status = 'pending' AND run_at <= now() ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, payload, attempts, max_attempts)
       SELECT id::text AS id, payload, attempts, max_attempts FROM claimed`,
      [this.workerId],
    );
    for (const job of claimed) await this.runOne(job);
    return claimed.length;
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.payload.type);
    // Updates of the row name this worker: a job handed to another worker is no longer ours to finish.
    const mine = `id = $1 AND status = 'running' AND locked_by = '${this.workerId}'`;
    const heartbeat = setInterval(() => {
      this.dataSource.query(`UPDATE job SET locked_at = now() WHERE ${mine}`, [job.id]).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const stop = this.metrics.jobDuration.startTimer({ type: handler ? job.payload.type : 'unknown' });
    try {
      if (!handler) throw new Error(`no handler for job type ${job.payload.type}`);
      await handler.run(job.payload as never);
      clearInterval(heartbeat);
      stop({ outcome: 'done' });
      await this.dataSource.query(`UPDATE job SET status = 'done', finished_at = now(), locked_at = NULL, last_error = NULL WHERE ${mine}`, [job.id]);
    } catch (error) {
      clearInterval(heartbeat);
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts;
      stop({ outcome: final ? 'failed' : 'retry' });
      this.logger.warn(`job ${job.id} (${job.payload.type}) attempt ${job.attempts} failed${final ? ', giving up' : ''}: ${message}`);
      await this.dataSource
        .query(
          final
            ? `UPDATE job SET status = 'failed', finished_at = now(), locked_at = NULL, last_error = $2 WHERE ${mine}`
            : `UPDATE job SET status = 'pending', run_at = now() + $3 * interval '1 millisecond', locked_at = NULL, last_error = $2 WHERE ${mine}`,
          final ? [job.id, message.slice(0, 2000)] : [job.id, message.slice(0, 2000), retryDelayMs(error, job.attempts)],
        )
        // The row stays 'running'; JobMaintenanceTick hands it back once its lock is stale.
        .catch((failure) => this.logger.error(`job ${job.id}: could not record the failure: ${(failure as Error).message}`));
    }
  }
}
