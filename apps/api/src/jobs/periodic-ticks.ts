import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG, TICKS } from '../system/tokens';
import { Tick } from './job-handler';

/**
 * Runs every Tick each TICK_INTERVAL_SECONDS. Each tick runs in a transaction that first takes
 * pg_try_advisory_xact_lock on the tick's name: while one process runs a tick, another process
 * skips it (it is not queued: the next interval comes soon enough).
 */
@Injectable()
export class PeriodicTicks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Ticks');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TICKS) private readonly ticks: readonly Tick[],
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.jobs.enabled) this.schedule(this.config.jobs.tickIntervalMs);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Runs every tick once now (tests, the CLI); answers which ran (the others were locked elsewhere). */
  async runAll(): Promise<string[]> {
    await this.running?.catch(() => undefined);
    const ran: string[] = [];
    const all = (async () => {
      for (const tick of this.ticks) {
        // One failing tick does not keep the others from running.
        const locked = await this.runLocked(tick).catch((error) => {
          this.logger.error(`tick ${tick.name} failed: ${(error as Error).message}`);
          return false;
        });
        if (locked) ran.push(tick.name);
      }
    })();
    this.running = all;
    await all;
    return ran;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.runAll()
        .catch((error) => this.logger.error(`tick failed: ${(error as Error).message}`))
        .finally(() => this.schedule(this.config.jobs.tickIntervalMs));
    }, delayMs);
    this.timer.unref();
  }

  private runLocked(tick: Tick): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const [{ locked }] = await manager.query('SELECT pg_try_advisory_xact_lock(hashtextextended($1, 0)) AS locked', [`tick:${tick.name}`]);
      if (!locked) return false;
      await tick.run(manager);
      return true;
    });
  }
}
