import { AdminToken } from '../identity/access-token';

export interface AdminTokenRepository {
  save(token: AdminToken): Promise<void>;
  findByDigest(digest: string): Promise<AdminToken | null>;
  /** Drops tokens that expired before `instant`; returns how many. */
  deleteExpired(instant: Date): Promise<number>;
  /** Drops every admin token of an app (its secret was rotated); returns how many. */
  deleteForApp(appId: string): Promise<number>;
}
