import { JobQueue, JobRequest, jobSingletonKey } from '@strive/domain';
import { Db } from '../shared/db';

/**
 * Writes jobs to the job table, inside the caller's transaction when built on its manager (the
 * job commits with the writes that asked for it). A request whose singleton key already waits
 * adds nothing.
 */
export class TypeOrmJobQueue implements JobQueue {
  constructor(private readonly db: Db) {}

  async enqueue(job: JobRequest): Promise<void> {
    await this.db.query(
      `INSERT INTO job (type, app_id, payload, singleton_key) VALUES ($1, $2, $3::jsonb, $4)
       ON CONFLICT (singleton_key) WHERE status = 'pending' DO NOTHING`,
      [job.type, job.appId, JSON.stringify(job), jobSingletonKey(job)],
    );
  }
}
