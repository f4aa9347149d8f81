import { ConnectionAttempt } from '../src/connections/connection-attempt';
import { ConnectionAttemptRepository } from '../src/ports/connection-attempt-repository';
import { Source } from '../src/records/activity-records';

export class InMemoryConnectionAttemptRepository implements ConnectionAttemptRepository {
  readonly rows = new Map<string, ConnectionAttempt>();

  async save(attempt: ConnectionAttempt, keepPerProfile: number): Promise<void> {
    this.rows.set(attempt.stateDigest, attempt);
    const own = [...this.rows.values()]
      .filter((a) => a.appId === attempt.appId && a.profileId === attempt.profileId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.stateDigest < b.stateDigest ? 1 : -1));
    for (const old of own.slice(keepPerProfile)) this.rows.delete(old.stateDigest);
  }

  async consume(stateDigest: string, source: Source): Promise<ConnectionAttempt | null> {
    const attempt = this.rows.get(stateDigest);
    if (!attempt || attempt.source !== source) return null;
    this.rows.delete(stateDigest);
    return attempt;
  }

  async deleteExpired(now: Date, limit: number): Promise<number> {
    const expired = [...this.rows.values()].filter((a) => a.expiresAt.getTime() < now.getTime()).slice(0, limit);
    for (const attempt of expired) this.rows.delete(attempt.stateDigest);
    return expired.length;
  }
}
