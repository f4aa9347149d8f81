import { AdminToken } from '../src/identity/access-token';
import { AdminTokenRepository } from '../src/ports/admin-token-repository';

export class InMemoryAdminTokenRepository implements AdminTokenRepository {
  readonly tokens = new Map<string, AdminToken>();

  async save(token: AdminToken): Promise<void> {
    this.tokens.set(token.digest, token);
  }

  async findByDigest(digest: string): Promise<AdminToken | null> {
    return this.tokens.get(digest) ?? null;
  }

  async deleteExpired(instant: Date): Promise<number> {
    let removed = 0;
    for (const [digest, token] of this.tokens) {
      if (token.expiresAt.getTime() <= instant.getTime()) {
        this.tokens.delete(digest);
        removed++;
      }
    }
    return removed;
  }

  async deleteForApp(appId: string): Promise<number> {
    const mine = [...this.tokens.values()].filter((token) => token.appId === appId);
    for (const token of mine) this.tokens.delete(token.digest);
    return mine.length;
  }
}
