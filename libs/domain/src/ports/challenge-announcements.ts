import { Challenge } from '../challenge/challenge';

/** A challenge whose start or end has come and has not been announced yet. */
export interface DueAnnouncement {
  readonly challenge: Challenge;
  readonly event: 'challenge_start' | 'challenge_end';
}

/** Bookkeeping of challenge_start/challenge_end, across every app (the lifecycle tick's port). */
export interface ChallengeAnnouncements {
  /** Up to `limit` due announcements at `now`, oldest first (a start before the same challenge's end). */
  due(now: Date, limit: number): Promise<DueAnnouncement[]>;
  markAnnounced(announcement: DueAnnouncement): Promise<void>;
}
