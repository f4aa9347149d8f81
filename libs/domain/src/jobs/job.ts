/**
 * The kinds of durable background work, each with its JSON payload. A job's work is a use case;
 * the host's job runner maps `type` to it. Work whose cost grows with the size of an app
 * (recounts, enrolling every profile, rescoring a whole challenge) is always a job.
 */
export type JobRequest =
  /** Recount every profile's points ledger and total_points, then rescore running POINTS challenges. */
  | { readonly type: 'points.recount'; readonly appId: string }
  /** Enroll every profile of the app in an AUTOMATIC challenge and score the new members. */
  | { readonly type: 'challenge.enroll_automatic'; readonly appId: string; readonly challengeId: string }
  /** Rescore every member of a challenge: changed rules, a new points definition. */
  | { readonly type: 'challenge.rescore'; readonly appId: string; readonly challengeId: string }
  /** Read a newly connected vendor account's history (CONNECTION_BACKFILL_DAYS, capped by the vendor) into the write path. */
  | { readonly type: 'connection.backfill'; readonly appId: string; readonly connectionId: string }
  /** Read what changed at the vendor since the connection's last sync (schedule, webhooks). */
  | { readonly type: 'connection.sync'; readonly appId: string; readonly connectionId: string }
  /** Send a notification to every targeted device, batch by batch (resumes after the last recorded batch). */
  | { readonly type: 'notification.fan_out'; readonly appId: string; readonly notificationId: string };

export type JobType = JobRequest['type'];

/** Requests of one kind that wait together need to run only once: they share this key. */
export function jobSingletonKey(job: JobRequest): string {
  switch (job.type) {
    case 'points.recount':
      return `points.recount:${job.appId}`;
    case 'challenge.enroll_automatic':
      return `challenge.enroll_automatic:${job.challengeId}`;
    case 'challenge.rescore':
      return `challenge.rescore:${job.challengeId}`;
    // One waiting sync per connection, whatever asked for it (schedule, webhook, connect).
    case 'connection.backfill':
    case 'connection.sync':
      return `connection.sync:${job.connectionId}`;
    case 'notification.fan_out':
      return `notification.fan_out:${job.notificationId}`;
  }
}
