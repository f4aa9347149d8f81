import { Clock, ScheduleConnectionSyncsUseCase } from '@strive/domain';
import { EntityManager } from 'typeorm';
import { TypeOrmConnectionAttemptRepository } from '../persistence/connections/typeorm-connection-attempt.repository';
import { TypeOrmUnitOfWork } from '../persistence/unit-of-work/typeorm-unit-of-work';
import { Tick } from './job-handler';

/** Asks for a connection.sync of every connection not synced for CONNECTION_SYNC_INTERVAL_MINUTES; drops expired connect attempts. */
export class ConnectionSyncTick implements Tick {
  readonly name = 'connection-sync';

  constructor(
    private readonly unitOfWork: TypeOrmUnitOfWork,
    private readonly clock: Clock,
    private readonly intervalMinutes: number,
  ) {}

  run(manager: EntityManager): Promise<unknown> {
    const useCase = new ScheduleConnectionSyncsUseCase(
      this.unitOfWork.joining(manager), new TypeOrmConnectionAttemptRepository(manager), this.clock, this.intervalMinutes * 60_000,
    );
    return useCase.execute();
  }
}
