/**
 * Thrown by a job's work when it must run again no sooner than `afterSeconds` from now (a vendor's
 * Retry-After): the job runner waits at least that long instead of its own backoff.
 */
export class RetryLater extends Error {
  constructor(
    readonly afterSeconds: number,
    message: string,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}
