import { Source } from '../records/activity-records';
import { ConnectionAttempt } from '../connections/connection-attempt';

/** Started connect flows, keyed by the digest of their OAuth state. */
export interface ConnectionAttemptRepository {
  /**
   * Stores the attempt and keeps only the `keepPerProfile` newest of its profile (a person who
   * starts again and again leaves a bounded number of rows).
   */
  save(attempt: ConnectionAttempt, keepPerProfile: number): Promise<void>;
  /**
   * Removes the attempt of this source and answers it, in one step: of two callbacks with the same state only
   * one gets it (single use).
   */
  consume(stateDigest: string, source: Source): Promise<ConnectionAttempt | null>;
  /** Removes attempts that expired before `now`; answers how many. */
  deleteExpired(now: Date, limit: number): Promise<number>;
}
