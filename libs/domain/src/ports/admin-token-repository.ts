import { AdminToken } from '../identity/access-token';

export interface AdminTokenRepository {
  save(token: AdminToken): Promise<void>;
  findByDigest(digest: string): Promise<AdminToken | null>;
  /** Drops tokens that expired before `instant`; returns how many. */
  deleteExpired(instant: Date): Promise<number>;
}
