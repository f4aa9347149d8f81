import { Principal } from './principal';

/** What a bearer resolved to, and since when. */
interface CachedPrincipal {
  readonly principal: Principal;
  /** Administrator bearers: their own expiry, checked against the clock on every use. */
  readonly tokenExpiresAt: number | null;
  /** Epoch ms of the lookup. */
  readonly cachedAt: number;
}

export interface CachedBearer {
  readonly principal: Principal;
  readonly tokenExpiresAt: number | null;
}

/** Entries kept at most (oldest first out): about 200 bytes each, 10 MB in all; an app with more active users than this looks the rest up. */
export const PRINCIPAL_CACHE_MAX_ENTRIES = 50_000;

/**
 * Bearer digest -> principal, so that a request does not look its bearer up in the database
 * every time. Only successful lookups are kept. An administrator bearer's expiry is still checked
 * on every use (the caller compares `tokenExpiresAt` with its clock).
 *
 * How long an entry is reused depends on whether revocations are heard (`revocationsHeard`: the
 * host hears every process's deletion of a profile or administrator bearer and calls `revoke`, or
 * `clear` when it may have missed one): while they are, an entry is kept until its bearer is
 * revoked (or pushed out by newer ones); while they are not, for `ttlMs` after its lookup, the
 * bound on how long another process's revocation may go unseen (docs/decisions.md "Bearer
 * cache"). A lookup that overlapped a revocation is not kept (`generation`). A TTL of 0 disables
 * the cache.
 */
export class PrincipalCache {
  private readonly entries = new Map<string, CachedPrincipal>();
  private revocations = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number = PRINCIPAL_CACHE_MAX_ENTRIES,
    private readonly revocationsHeard: () => boolean = () => false,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Changes with every revocation: a lookup that started at another generation may have read a revoked bearer. */
  get generation(): number {
    return this.revocations;
  }

  get(digest: string, nowMs: number): CachedBearer | null {
    const entry = this.entries.get(digest);
    if (!entry) return null;
    if (!this.revocationsHeard() && entry.cachedAt + this.ttlMs <= nowMs) {
      this.entries.delete(digest);
      return null;
    }
    return entry;
  }

  /** Keeps a lookup's result, unless a revocation was heard since the lookup began (at `generation`). */
  set(digest: string, principal: Principal, nowMs: number, tokenExpiresAt: number | null, generation: number): void {
    if (this.ttlMs <= 0 || this.maxEntries <= 0 || generation !== this.revocations) return;
    this.entries.delete(digest);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(digest, { principal, tokenExpiresAt, cachedAt: nowMs });
  }

  /** Forgets one bearer: revoked (its profile or administrator token deleted), or expired. */
  revoke(digest: string): void {
    this.revocations++;
    this.entries.delete(digest);
  }

  /** Forgets every bearer of this profile (the profile was deleted in this process). */
  evictProfile(profileId: string): void {
    this.revocations++;
    for (const [digest, entry] of this.entries) {
      if (entry.principal.kind === 'profile' && entry.principal.profileId === profileId) this.entries.delete(digest);
    }
  }

  /** Forgets everything: revocations may have gone unheard. */
  clear(): void {
    this.revocations++;
    this.entries.clear();
  }
}
