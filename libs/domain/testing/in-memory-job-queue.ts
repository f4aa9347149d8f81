import { JobRequest, jobSingletonKey } from '../src/jobs/job';
import { JobQueue } from '../src/ports/job-queue';

/** Pending jobs in order; a request whose singleton key already waits adds nothing, as the real queue does. */
export class InMemoryJobQueue implements JobQueue {
  readonly pending: JobRequest[] = [];

  async enqueue(job: JobRequest): Promise<void> {
    const key = jobSingletonKey(job);
    if (this.pending.some((waiting) => jobSingletonKey(waiting) === key)) return;
    this.pending.push(job);
  }
}
