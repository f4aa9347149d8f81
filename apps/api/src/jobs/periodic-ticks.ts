import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG, TICKS } from '../system/tokens';
import { Tick } from './job-handler';
import { SerialRounds } from './serial-rounds';

/**
 * Runs every Tick each TICK_INTERVAL_SECONDS. Each tick runs in a transaction that first takes
 * pg_try_advisory_xact_lock on the tick's name: while one process runs a tick, another process
 * skips it (it is not queued: the next interval comes soon enough).
 */
@Injectable()
export class PeriodicTicks implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Ticks');
  private readonly rounds = new SerialRounds(
    () => this.runEach(),
    (error) => this.logger.error(`tick failed: ${error.message}`),
  );

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TICKS) private readonly ticks: readonly Tick[],
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.jobs.enabled) this.rounds.every(this.config.jobs.tickIntervalMs);
  }

  onApplicationShutdown(): Promise<void> {
    return this.rounds.stop();
  }

  /** Runs every tick once now (tests, the CLI); answers which ran (the others were locked elsewhere). */
  runAll(): Promise<string[]> {
    return this.rounds.run();
  }

  private async runEach(): Promise<string[]> {
    const ran: string[] = [];
    for (const tick of this.ticks) {
      // One failing tick does not keep the others from running.
      const locked = await this.runLocked(tick).catch((error) => {
        this.logger.error(`tick ${tick.name} failed: ${(error as Error).message}`);
        return false;
      });
      if (locked) ran.push(tick.name);
    }
    return ran;
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
