import { Clock } from '../ports/clock';
import { ConnectionAttemptRepository } from '../ports/connection-attempt-repository';
import { UnitOfWork } from '../ports/unit-of-work';

/** Connections one tick schedules at most (the next tick takes the rest). */
export const MAX_SCHEDULED_SYNCS_PER_TICK = 1000;

/**
 * The periodic sync: every connection that can sync and has not synced for the interval
 * (CONNECTION_SYNC_INTERVAL_MINUTES) gets a connection.sync job; expired connect attempts go.
 */
export class ScheduleConnectionSyncsUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly attempts: ConnectionAttemptRepository,
    private readonly clock: Clock,
    private readonly intervalMs: number,
  ) {}

  async execute(): Promise<{ scheduled: number; expiredAttempts: number }> {
    const now = this.clock.now();
    const expiredAttempts = await this.attempts.deleteExpired(now, MAX_SCHEDULED_SYNCS_PER_TICK);
    const scheduled = await this.unitOfWork.run(async (ports) => {
      const due = await ports.connections.listDueForSync(new Date(now.getTime() - this.intervalMs), MAX_SCHEDULED_SYNCS_PER_TICK);
      for (const connection of due) await ports.jobs.enqueue({ type: 'connection.sync', appId: connection.appId, connectionId: connection.id });
      return due.length;
    });
    return { scheduled, expiredAttempts };
  }
}
