import type { LeaderboardEntry } from '../use-cases/get-leaderboard.use-case';
import { Ranked } from './ranking';

const KIND = ['profile', 'team'] as const;

/**
 * A whole ranking of leaderboard entries kept in columns: one array of keys (and of teams,
 * when any entry has one) and typed arrays for the numbers. Hosts keep rankings of 100,000
 * members in memory between score changes; as objects (an entry, its Date, its ranked copy)
 * they are hundreds of thousands of heap objects that every major garbage collection traces,
 * as columns they are a handful. Entries are built back only for the few a page shows.
 */
export class RankingTable {
  private byKey: Map<string, number> | null = null;

  private constructor(
    private readonly keys: readonly string[],
    private readonly teamIds: readonly (string | null)[] | null,
    private readonly kinds: Uint8Array,
    private readonly ranks: Uint32Array,
    private readonly memberCounts: Uint32Array,
    private readonly goalReached: Uint8Array,
    private readonly scores: Float64Array,
    private readonly progresses: Float64Array,
    /** Epoch ms; NaN for null. */
    private readonly reachedAts: Float64Array,
  ) {}

  static of(ranked: readonly Ranked<LeaderboardEntry>[]): RankingTable {
    const n = ranked.length;
    const anyTeam = ranked.some((entry) => entry.teamId !== null);
    const table = new RankingTable(
      ranked.map((entry) => entry.key),
      anyTeam ? ranked.map((entry) => entry.teamId) : null,
      new Uint8Array(n), new Uint32Array(n), new Uint32Array(n), new Uint8Array(n),
      new Float64Array(n), new Float64Array(n), new Float64Array(n),
    );
    ranked.forEach((entry, i) => {
      table.kinds[i] = entry.kind === 'team' ? 1 : 0;
      table.ranks[i] = entry.rank;
      table.memberCounts[i] = entry.memberCount;
      table.goalReached[i] = entry.goalReached ? 1 : 0;
      table.scores[i] = entry.score;
      table.progresses[i] = entry.progress;
      table.reachedAts[i] = entry.reachedAt === null ? Number.NaN : entry.reachedAt.getTime();
    });
    return table;
  }

  /** Number of entries. */
  get size(): number {
    return this.keys.length;
  }

  /** The entry at a position (0 = first). */
  at(index: number): Ranked<LeaderboardEntry> {
    const kind = KIND[this.kinds[index]];
    const key = this.keys[index];
    const reachedAt = this.reachedAts[index];
    return {
      kind,
      key,
      profileId: kind === 'profile' ? key : null,
      teamId: this.teamIds?.[index] ?? null,
      memberCount: this.memberCounts[index],
      progress: this.progresses[index],
      goalReached: this.goalReached[index] === 1,
      score: this.scores[index],
      reachedAt: Number.isNaN(reachedAt) ? null : new Date(reachedAt),
      rank: this.ranks[index],
    };
  }

  /** The entries from `offset` on, at most `limit` of them. */
  slice(offset: number, limit: number): Ranked<LeaderboardEntry>[] {
    const entries: Ranked<LeaderboardEntry>[] = [];
    for (let i = offset; i < Math.min(offset + limit, this.size); i++) entries.push(this.at(i));
    return entries;
  }

  /** The entry of a key (profile or team id), or null. The index is built on first use. */
  find(key: string): Ranked<LeaderboardEntry> | null {
    this.byKey ??= new Map(this.keys.map((k, i) => [k, i]));
    const index = this.byKey.get(key);
    return index === undefined ? null : this.at(index);
  }

  /** Every entry's progress, in ranking order. */
  progressValues(): number[] {
    return Array.from(this.progresses);
  }
}
