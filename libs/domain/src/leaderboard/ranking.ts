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
  const ordered = entries.map((entry) => ({ entry, at: entry.reachedAt?.getTime() ?? Number.POSITIVE_INFINITY }));
  ordered.sort(compareEntries);
  const ranked: Ranked<T>[] = new Array(ordered.length);
  for (let i = 0; i < ordered.length; i++) {
    const { entry } = ordered[i];
    const rank = i > 0 && entry.score === ordered[i - 1].entry.score ? ranked[i - 1].rank : i + 1;
    ranked[i] = { ...entry, rank };
  }
  return ranked;
}

function compareEntries(a: { entry: Rankable; at: number }, b: { entry: Rankable; at: number }): number {
  if (a.entry.score !== b.entry.score) return b.entry.score - a.entry.score;
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  return Number(a.entry.key > b.entry.key) - Number(a.entry.key < b.entry.key);
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

/** One page of a ranking (contract: limit default 20, max 100) plus the requester's own entry. */
export function pageRanking<T extends Rankable>(
  ranked: readonly Ranked<T>[],
  request: LeaderboardPageRequest = {},
): LeaderboardPage<T> {
  const limit = request.limit ?? LEADERBOARD_DEFAULT_LIMIT;
  const offset = request.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > LEADERBOARD_MAX_LIMIT) {
    throw new ScoringError(ScoringErrorCode.InvalidPage, `limit must be an integer from 1 to ${LEADERBOARD_MAX_LIMIT}.`);
  }
  if (!Number.isInteger(offset) || offset < 0) {
    throw new ScoringError(ScoringErrorCode.InvalidPage, 'offset must be a non-negative integer.');
  }
  const requester = request.requesterKey ? ranked.find((entry) => entry.key === request.requesterKey) ?? null : null;
  return { count: ranked.length, limit, offset, results: ranked.slice(offset, offset + limit), requester };
}
