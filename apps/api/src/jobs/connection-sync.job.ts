import { SyncConnectionUseCase } from '@strive/domain';
import { JobHandler } from './job-handler';

/** connection.backfill: a new connection's history, CONNECTION_BACKFILL_DAYS back (capped by the vendor). */
export const connectionBackfillJob = (useCase: SyncConnectionUseCase): JobHandler<'connection.backfill'> => ({
  type: 'connection.backfill',
  run: (job) => useCase.execute({ appId: job.appId, connectionId: job.connectionId, backfill: true }),
});

/** connection.sync: what changed since the last sync (schedule, vendor webhooks). */
export const connectionSyncJob = (useCase: SyncConnectionUseCase): JobHandler<'connection.sync'> => ({
  type: 'connection.sync',
  run: (job) => useCase.execute({ appId: job.appId, connectionId: job.connectionId, backfill: false }),
});
