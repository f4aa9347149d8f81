import { LeaderboardEntry } from './leaderboard-entry';
import { compareRanking, Ranked } from './ranking';

const KIND = ['profile', 'team'] as const;
const INITIAL_CAPACITY = 16;

/**
 * A whole ranking of leaderboard entries kept in columns, that can be changed in place. Hosts keep
 * rankings of 100,000 members in memory and patch them as members' scores change: as objects (an
 * entry, its Date) they would be hundreds of thousands of heap objects that every major garbage
 * collection traces; as columns they are a handful. Entries are built back only for the few a
 * page shows.
 *
 * Each entry has a slot (its row in the columns) for as long as it is in the table; `order`
 * lists the slots in ranking order (compareRanking). A rank is not stored: it is 1 + the number
 * of strictly higher scores, found by binary search, so a change never renumbers the others.
 */
export class RankingTable {
  private capacity: number;
  private keys: (string | undefined)[];
  private teamIds: (string | null)[];
  private kinds: Uint8Array;
  private memberCounts: Uint32Array;
  private goalReached: Uint8Array;
  private scores: Float64Array;
  private progresses: Float64Array;
  /** Epoch ms; NaN for null. */
  private reachedAts: Float64Array;
  /** Epoch ms, +Infinity for null (never reached: after any instant), as the order compares it. */
  private reachTimes: Float64Array;
  private readonly slotOf = new Map<string, number>();
  private readonly freeSlots: number[] = [];
  private order: Int32Array;
  /**
   * Each slot's position in `order`: a requester's rank is asked on every leaderboard request,
   * and a binary search compared keys as text through every tie (boards of repetition counts
   * are mostly ties). Refilled after each change (O(size) integer writes).
   */
  private positions: Int32Array;
  private count = 0;

  private constructor(capacity: number) {
    this.capacity = Math.max(INITIAL_CAPACITY, capacity);
    this.keys = new Array(this.capacity);
    this.teamIds = new Array(this.capacity).fill(null);
    this.kinds = new Uint8Array(this.capacity);
    this.memberCounts = new Uint32Array(this.capacity);
    this.goalReached = new Uint8Array(this.capacity);
    this.scores = new Float64Array(this.capacity);
    this.progresses = new Float64Array(this.capacity);
    this.reachedAts = new Float64Array(this.capacity);
    this.reachTimes = new Float64Array(this.capacity);
    this.order = new Int32Array(this.capacity);
    this.positions = new Int32Array(this.capacity);
  }

  /**
   * Orders the entries by compareRanking and gives standard competition ranks ("1224": equal
   * scores share a rank, the next rank skips). Keys are unique.
   */
  static rank(entries: readonly LeaderboardEntry[]): RankingTable {
    const table = new RankingTable(entries.length);
    const slots = entries.map((entry) => table.store(entry));
    table.order = Int32Array.from(slots.sort((a, b) => table.compare(a, b)));
    table.count = entries.length;
    table.placeAll();
    return table;
  }

  /** Number of entries. */
  get size(): number {
    return this.count;
  }

  /**
   * Puts `changed` entries in (replacing the entries of their keys) and takes the `removed` keys
   * out, in O(changes x log size) comparisons, block copies of the untouched entries (which
   * keep their order) and one pass writing each entry's position: a patch of a few hundred members
   * on a 100,000-entry board compares a few thousand entries, not every one (docs/benchmarks.md
   * "Seventeenth session").
   */
  apply(changed: readonly LeaderboardEntry[], removed: readonly string[] = []): void {
    // The places the changed and removed entries leave: their positions before the change.
    const found: number[] = [];
    for (const key of [...removed, ...changed.map((entry) => entry.key)]) {
      const position = this.indexOf(key);
      if (position >= 0) found.push(position);
    }
    // Sorted, each once (a key may be both changed and removed).
    const leaving = found.sort((a, b) => a - b).filter((position, i) => i === 0 || position !== found[i - 1]);
    for (const key of removed) {
      const slot = this.slotOf.get(key);
      if (slot === undefined) continue;
      this.slotOf.delete(key);
      this.keys[slot] = undefined;
      this.teamIds[slot] = null;
      this.freeSlots.push(slot);
    }
    // The untouched entries, in order: the runs between the places left.
    const staying = new Int32Array(this.count - leaving.length);
    let from = 0;
    let kept = 0;
    for (const position of leaving) {
      staying.set(this.order.subarray(from, position), kept);
      kept += position - from;
      from = position + 1;
    }
    staying.set(this.order.subarray(from, this.count), kept);
    // Each arriving entry goes in after the untouched ones that order before it (found by binary search).
    const arriving = changed.map((entry) => this.store(entry)).sort((a, b) => this.compare(a, b));
    const merged = new Int32Array(Math.max(this.capacity, staying.length + arriving.length));
    let s = 0;
    let m = 0;
    for (const slot of arriving) {
      let low = s;
      let high = staying.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (this.compare(staying[mid], slot) <= 0) low = mid + 1;
        else high = mid;
      }
      merged.set(staying.subarray(s, low), m);
      m += low - s;
      s = low;
      merged[m++] = slot;
    }
    merged.set(staying.subarray(s), m);
    this.order = merged;
    this.count = m + staying.length - s;
    this.placeAll();
  }

  /** The entry at a position (0 = first). */
  at(index: number): Ranked<LeaderboardEntry> {
    const slot = this.order[index];
    const kind = KIND[this.kinds[slot]];
    const key = this.keys[slot] as string;
    const reachedAt = this.reachedAts[slot];
    return {
      kind,
      key,
      profileId: kind === 'profile' ? key : null,
      teamId: this.teamIds[slot],
      memberCount: this.memberCounts[slot],
      progress: this.progresses[slot],
      goalReached: this.goalReached[slot] === 1,
      score: this.scores[slot],
      reachedAt: Number.isNaN(reachedAt) ? null : new Date(reachedAt),
      rank: this.rankAt(index),
    };
  }

  /** The entries from `offset` on, at most `limit` of them. */
  slice(offset: number, limit: number): Ranked<LeaderboardEntry>[] {
    const entries: Ranked<LeaderboardEntry>[] = [];
    for (let i = offset; i < Math.min(offset + limit, this.count); i++) entries.push(this.at(i));
    return entries;
  }

  /** The entry of a key (profile or team id), or null. */
  find(key: string): Ranked<LeaderboardEntry> | null {
    const index = this.indexOf(key);
    return index < 0 ? null : this.at(index);
  }

  /** The position of a key's entry (0 = first), or -1. */
  indexOf(key: string): number {
    const slot = this.slotOf.get(key);
    return slot === undefined ? -1 : this.positions[slot];
  }

  /** Every entry's progress, in ranking order. */
  progressValues(): number[] {
    return Array.from(this.order.subarray(0, this.count), (slot) => this.progresses[slot]);
  }

  /** 1 + the number of strictly higher scores: the first position holding this position's score. */
  private rankAt(index: number): number {
    const score = this.scores[this.order[index]];
    let low = 0;
    let high = index;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.scores[this.order[mid]] > score) low = mid + 1;
      else high = mid;
    }
    return low + 1;
  }

  private placeAll(): void {
    for (let position = 0; position < this.count; position++) this.positions[this.order[position]] = position;
  }

  private compare(a: number, b: number): number {
    return compareRanking(this.scores[a], this.reachTimes[a], this.keys[a] as string, this.scores[b], this.reachTimes[b], this.keys[b] as string);
  }

  /** Writes an entry into its key's slot (a new slot for a new key) and answers the slot. */
  private store(entry: LeaderboardEntry): number {
    let slot = this.slotOf.get(entry.key);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.slotOf.size;
      if (slot >= this.capacity) this.grow();
      this.slotOf.set(entry.key, slot);
    }
    const reachedAt = entry.reachedAt === null ? Number.NaN : entry.reachedAt.getTime();
    this.keys[slot] = entry.key;
    this.teamIds[slot] = entry.teamId;
    this.kinds[slot] = entry.kind === 'team' ? 1 : 0;
    this.memberCounts[slot] = entry.memberCount;
    this.goalReached[slot] = entry.goalReached ? 1 : 0;
    this.scores[slot] = entry.score;
    this.progresses[slot] = entry.progress;
    this.reachedAts[slot] = reachedAt;
    this.reachTimes[slot] = Number.isNaN(reachedAt) ? Number.POSITIVE_INFINITY : reachedAt;
    return slot;
  }

  private grow(): void {
    const capacity = this.capacity * 2;
    const widen = <T extends Float64Array | Uint32Array | Uint8Array | Int32Array>(column: T, make: (n: number) => T): T => {
      const wider = make(capacity);
      wider.set(column);
      return wider;
    };
    this.keys.length = capacity;
    this.teamIds = [...this.teamIds, ...new Array(capacity - this.capacity).fill(null)];
    this.kinds = widen(this.kinds, (n) => new Uint8Array(n));
    this.memberCounts = widen(this.memberCounts, (n) => new Uint32Array(n));
    this.goalReached = widen(this.goalReached, (n) => new Uint8Array(n));
    this.scores = widen(this.scores, (n) => new Float64Array(n));
    this.progresses = widen(this.progresses, (n) => new Float64Array(n));
    this.reachedAts = widen(this.reachedAts, (n) => new Float64Array(n));
    this.reachTimes = widen(this.reachTimes, (n) => new Float64Array(n));
    this.order = widen(this.order, (n) => new Int32Array(n));
    this.positions = widen(this.positions, (n) => new Int32Array(n));
    this.capacity = capacity;
  }
}
