import { LeaderboardEntry } from './leaderboard-entry';
import { compareRankables, Ranked, reachTime } from './ranking';

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

  /**
   * Orders the entries by compareRankables and gives standard competition ranks ("1224": equal
   * scores share a rank, the next rank skips), straight into columns, without a ranked copy of
   * every entry.
   */
  static rank(entries: readonly LeaderboardEntry[]): RankingTable {
    const n = entries.length;
    const at = Float64Array.from(entries, reachTime);
    const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareRankables(entries[a], at[a], entries[b], at[b]));
    const anyTeam = entries.some((entry) => entry.teamId !== null);
    const table = new RankingTable(
      order.map((i) => entries[i].key),
      anyTeam ? order.map((i) => entries[i].teamId) : null,
      new Uint8Array(n), new Uint32Array(n), new Uint32Array(n), new Uint8Array(n),
      new Float64Array(n), new Float64Array(n), new Float64Array(n),
    );
    order.forEach((source, i) => {
      const entry = entries[source];
      table.kinds[i] = entry.kind === 'team' ? 1 : 0;
      table.ranks[i] = i > 0 && entry.score === table.scores[i - 1] ? table.ranks[i - 1] : i + 1;
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
