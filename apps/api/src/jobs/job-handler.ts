import { EntityManager } from 'typeorm';
import { JobRequest, JobType } from '@strive/domain';

/** Runs one kind of job: the work itself is a use case; a thrown error means "retry later". */
export interface JobHandler<T extends JobType = JobType> {
  readonly type: T;
  run(job: Extract<JobRequest, { type: T }>): Promise<unknown>;
}

/**
 * A periodic task. PeriodicTicks runs it inside a transaction that holds the tick's advisory
 * lock, so two API processes never run the same tick at once; its work uses that transaction.
 */
export interface Tick {
  readonly name: string;
  run(manager: EntityManager): Promise<unknown>;
}
