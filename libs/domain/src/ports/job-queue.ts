import { JobRequest } from '../jobs/job';

/**
 * Durable background work. An adapter stores the request in the same transaction as the
 * writes that asked for it (when called inside a unit of work), so a crash never loses it;
 * a worker runs it at least once, retrying with backoff.
 */
export interface JobQueue {
  enqueue(job: JobRequest): Promise<void>;
}
