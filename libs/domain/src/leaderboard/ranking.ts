/** What ranking needs of an entry: a stable key (profile or team id), a score, and when it was reached. */
export interface Rankable {
  readonly key: string;
  readonly score: number;
  /** Data time at which the score was reached; null (no data) orders after any instant. */
  readonly reachedAt: Date | null;
}

export type Ranked<T extends Rankable> = T & { readonly rank: number };

/**
 * The ranking order of two entries by their score, the time they reached it (epoch ms, +Infinity
 * when never: after any instant) and their key: higher score first, equal scores by who reached
 * the score first, then by key, so that the order is total and stable across requests.
 */
export function compareRanking(aScore: number, aAt: number, aKey: string, bScore: number, bAt: number, bKey: string): number {
  if (aScore !== bScore) return bScore - aScore;
  if (aAt !== bAt) return aAt < bAt ? -1 : 1;
  return Number(aKey > bKey) - Number(aKey < bKey);
}
