import { Principal } from './principal';

/** What a bearer resolved to, and until when the lookup may be reused. */
interface CachedPrincipal {
  readonly principal: Principal;
  /** Administrator bearers: their own expiry, checked against the clock on every use. */
  readonly tokenExpiresAt: number | null;
  /** Epoch ms after which the entry is looked up again. */
  readonly reuseUntil: number;
}

export interface CachedBearer {
  readonly principal: Principal;
  readonly tokenExpiresAt: number | null;
}

/** Entries kept at most (oldest first out): about 200 bytes each, 10 MB in all; an app with more active users than this looks the rest up. */
export const PRINCIPAL_CACHE_MAX_ENTRIES = 50_000;

/**
 * Bearer digest -> principal, reused for `ttlMs` so that a request does not look its bearer up
 * in the database every time. Only successful lookups are kept. An administrator bearer's expiry
 * is still checked on every use (the caller compares `tokenExpiresAt` with its clock); a deleted
 * profile is evicted by the process that deletes it (`evictProfile`), and another process may
 * accept its bearer for at most `ttlMs` more (docs/decisions.md). A TTL of 0 disables the cache.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, CachedPrincipal>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number = PRINCIPAL_CACHE_MAX_ENTRIES,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(digest: string, nowMs: number): CachedBearer | null {
    const entry = this.entries.get(digest);
    if (!entry) return null;
    if (entry.reuseUntil <= nowMs) {
      this.entries.delete(digest);
      return null;
    }
    return entry;
  }

  set(digest: string, principal: Principal, nowMs: number, tokenExpiresAt: number | null = null): void {
    if (this.ttlMs <= 0 || this.maxEntries <= 0) return;
    this.entries.delete(digest);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(digest, { principal, tokenExpiresAt, reuseUntil: nowMs + this.ttlMs });
  }

  delete(digest: string): void {
    this.entries.delete(digest);
  }

  /** Forgets every bearer of this profile (the profile was deleted in this process). */
  evictProfile(profileId: string): void {
    for (const [digest, entry] of this.entries) {
      if (entry.principal.kind === 'profile' && entry.principal.profileId === profileId) this.entries.delete(digest);
    }
  }
}
