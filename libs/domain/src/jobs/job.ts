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
  /** Rescore members of a challenge (all when profileIds is omitted): changed rules, bulk adds. */
  | { readonly type: 'challenge.rescore'; readonly appId: string; readonly challengeId: string; readonly profileIds?: readonly string[] }
  /** A profile's records or events changed over [from, to): refresh its points ledger and rescore its challenges. */
  | { readonly type: 'activity.changed'; readonly appId: string; readonly profileId: string; readonly from: string; readonly to: string; readonly recountAll?: boolean };

export type JobType = JobRequest['type'];
