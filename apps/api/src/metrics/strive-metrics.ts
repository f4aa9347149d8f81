import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';

/** Outcomes of one webhook delivery attempt (the label set of webhook_deliveries_total): delivered, failed with a retry due, failed for good. */
export type WebhookDeliveryOutcome = 'delivered' | 'retrying' | 'gave_up';

/** Seconds: from a fast cached read to a slow rescore. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * Every Prometheus metric of the process, in one registry of its own (a test runs several apps in
 * one process). Labels are bounded sets: route patterns, never raw URLs; status classes; job types
 * and states from the code. Served by MetricsServer (docs/architecture.md "Observability").
 */
@Injectable()
export class StriveMetrics {
  readonly registry = new Registry();

  /** Request latency by route pattern ("unmatched" when no route answered), method and status class. */
  readonly httpDuration = new Histogram({
    name: 'strive_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** Rescoring: the challenge.rescore job, each listener of the write path (inside its transaction), each batch of the scoring worker. */
  readonly rescoreDuration = new Histogram({
    name: 'strive_rescore_duration_seconds',
    help: 'Time spent rescoring: challenge.rescore jobs, the write path listeners (points ledger, queueing scoring), the scoring worker batches.',
    labelNames: ['trigger'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** Every job run, by type and outcome. */
  readonly jobDuration = new Histogram({
    name: 'strive_job_duration_seconds',
    help: 'Time a job ran, by type and outcome (done, retry, failed).',
    labelNames: ['type', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  /** One increment per webhook delivery attempt (PushDispatcher), by outcome. */
  readonly webhookDeliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome.',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  constructor(dataSource: DataSource) {
    collectDefaultMetrics({ register: this.registry });
    this.registerJobQueue(dataSource);
  }

  /** The Prometheus text exposition of every metric. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /**
   * Queue depth and the age of the oldest job by type and state, read from the job table when
   * scraped: a grouped query over the rows not done (done rows are left out; the maintenance
   * tick prunes them). The changes waiting for live scoring (scoring_backlog) show as type
   * `scoring.backlog`, state `pending`. A database that does not answer leaves the gauges empty
   * for that scrape.
   */
  private registerJobQueue(dataSource: DataSource): void {
    const rows = async (): Promise<{ type: string; status: string; count: number; age: number }[]> => {
      try {
        const result: { type: string; status: string; count: string; age: string | null }[] = await dataSource.query(
          `SELECT type, status, count(*) AS count, EXTRACT(EPOCH FROM now() - min(created_at)) AS age
           FROM job WHERE status <> 'done' GROUP BY type, status
           UNION ALL
           SELECT 'scoring.backlog', 'pending', count(*), EXTRACT(EPOCH FROM now() - min(queued_at))
           FROM scoring_backlog HAVING count(*) > 0`,
        );
        return result.map((row) => ({ type: row.type, status: row.status, count: Number(row.count), age: Math.max(0, Number(row.age ?? 0)) }));
      } catch {
        return [];
      }
    };
    new Gauge({
      name: 'strive_jobs',
      help: 'Jobs not done, by type and state (pending, running, failed).',
      labelNames: ['type', 'status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await rows()) this.set({ type: row.type, status: row.status }, row.count);
      },
    });
    new Gauge({
      name: 'strive_job_oldest_age_seconds',
      help: 'Age of the oldest job not done, by type and state.',
      labelNames: ['type', 'status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const row of await rows()) this.set({ type: row.type, status: row.status }, row.age);
      },
    });
  }
}
