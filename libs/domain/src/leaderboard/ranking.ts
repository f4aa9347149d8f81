/** What ranking needs of an entry: a stable key (profile or team id), a score, and when it was reached. */
export interface Rankable {
  readonly key: string;
  readonly score: number;
  /** Data time at which the score was reached; null (no data) orders after any instant. */
  readonly reachedAt: Date | null;
}

export type Ranked<T extends Rankable> = T & { readonly rank: number };

/** When an entry reached its score, in epoch ms (+Infinity when never: after any instant). */
export function reachTime(entry: Rankable): number {
  return entry.reachedAt?.getTime() ?? Number.POSITIVE_INFINITY;
}

/**
 * The ranking order: higher score first; equal scores by who reached the score first
 * (`aAt`, `bAt`: see reachTime), then by key, so that the order is total and stable across requests.
 */
export function compareRankables(a: Rankable, aAt: number, b: Rankable, bAt: number): number {
  if (a.score !== b.score) return b.score - a.score;
  if (aAt !== bAt) return aAt < bAt ? -1 : 1;
  return Number(a.key > b.key) - Number(a.key < b.key);
}
