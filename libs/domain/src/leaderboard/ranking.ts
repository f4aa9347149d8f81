import { ScoringError, ScoringErrorCode } from '../challenge/scoring-error';

/** What ranking needs of an entry: a stable key (profile or team id), a score, and when it was reached. */
export interface Rankable {
  readonly key: string;
  readonly score: number;
  /** Data time at which the score was reached; null (no data) orders after any instant. */
  readonly reachedAt: Date | null;
}

export type Ranked<T extends Rankable> = T & { readonly rank: number };

/**
 * Orders by score (highest first) and gives standard competition ranks ("1224": equal scores
 * share a rank, the next rank skips). Equal scores are then listed by who reached the score first,
 * then by key so that the order is total and stable across requests.
 */
export function rankEntries<T extends Rankable>(entries: readonly T[]): Ranked<T>[] {
  // Decorate once with the reach time in ms: the comparator runs n log n times.
  const ordered = entries.map((entry) => ({ entry, at: reachTime(entry) }));
  ordered.sort((a, b) => compareRankables(a.entry, a.at, b.entry, b.at));
  const ranked: Ranked<T>[] = new Array(ordered.length);
  for (let i = 0; i < ordered.length; i++) {
    const { entry } = ordered[i];
    const rank = i > 0 && entry.score === ordered[i - 1].entry.score ? ranked[i - 1].rank : i + 1;
    ranked[i] = { ...entry, rank };
  }
  return ranked;
}

/** When an entry reached its score, in epoch ms (+Infinity when never: after any instant). */
export function reachTime(entry: Rankable): number {
  return entry.reachedAt?.getTime() ?? Number.POSITIVE_INFINITY;
}

/** The ranking order: higher score, then earlier reach time (`aAt`, `bAt`: see reachTime), then key. */
export function compareRankables(a: Rankable, aAt: number, b: Rankable, bAt: number): number {
  if (a.score !== b.score) return b.score - a.score;
  if (aAt !== bAt) return aAt < bAt ? -1 : 1;
  return Number(a.key > b.key) - Number(a.key < b.key);
}

export const LEADERBOARD_DEFAULT_LIMIT = 20;
export const LEADERBOARD_MAX_LIMIT = 100;

export interface LeaderboardPageRequest {
  readonly limit?: number;
  readonly offset?: number;
  /** Key of the requester's own entry (profile id, or team id for team boards). */
  readonly requesterKey?: string | null;
}

export interface LeaderboardPage<T extends Rankable> {
  /** Number of entries in the whole ranking. */
  readonly count: number;
  readonly limit: number;
  readonly offset: number;
  readonly results: readonly Ranked<T>[];
  /** The requester's own entry, also when it lies outside the page; null if it has none. */
  readonly requester: Ranked<T> | null;
}

/** The limit and offset of a page request (contract: limit default 20, max 100), validated. */
export function pageBounds(request: LeaderboardPageRequest = {}): { limit: number; offset: number } {
  const limit = request.limit ?? LEADERBOARD_DEFAULT_LIMIT;
  const offset = request.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > LEADERBOARD_MAX_LIMIT) {
    throw new ScoringError(ScoringErrorCode.InvalidPage, `limit must be an integer from 1 to ${LEADERBOARD_MAX_LIMIT}.`);
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw new ScoringError(ScoringErrorCode.InvalidPage, 'offset must be a non-negative integer.');
  }
  return { limit, offset };
}

/** One page of a ranking plus the requester's own entry. */
export function pageRanking<T extends Rankable>(
  ranked: readonly Ranked<T>[],
  request: LeaderboardPageRequest = {},
): LeaderboardPage<T> {
  const { limit, offset } = pageBounds(request);
  const requester = request.requesterKey ? ranked.find((entry) => entry.key === request.requesterKey) ?? null : null;
  return { count: ranked.length, limit, offset, results: ranked.slice(offset, offset + limit), requester };
}
