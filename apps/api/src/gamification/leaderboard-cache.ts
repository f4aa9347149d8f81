import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  Challenge, ChallengePeriod, Clock, GetLeaderboardUseCase, LeaderboardEntry, LeaderboardView, PeriodCalendar, Ranked, RankingTable,
} from '@strive/domain';
import { DataSource } from 'typeorm';
import { ChallengeSnapshot } from '../persistence/gamification/typeorm-challenge.repository';
import { readLeaderboardChanges } from '../persistence/gamification/typeorm-leaderboard-changes';
import { CLOCK } from '../system/tokens';
import { boardKey } from './board-key';
import { ChallengeSnapshots } from './challenge-snapshots';
import { GamificationReads, MemberInfo } from './gamification-reads';

export interface RankedBoard {
  readonly period: ChallengePeriod;
  /** The whole ranking, in columns (a few heap objects however many members), patched as members change. */
  readonly table: RankingTable;
  /** Member profile id -> the team it plays for (requester's team entry), on the teams board. */
  readonly teamOf: ReadonlyMap<string, string | null>;
  /** Member objects already read (names shown on pages); a changed member's is read again. */
  readonly infos: Map<string, MemberInfo>;
  /** Answers already serialized for the board as it is, per request shape; emptied by every change. */
  readonly pages: Map<string, unknown>;
  /**
   * What was last answered to each requester from the board as it is (its own entry serialized);
   * emptied by every change, as `pages`, and within MAX_KEPT_REQUESTERS over all boards.
   */
  readonly requesters: Map<string, unknown>;
}

export interface BoardPage {
  readonly count: number;
  readonly results: readonly Ranked<LeaderboardEntry>[];
  readonly requester: Ranked<LeaderboardEntry> | null;
}

const MAX_BOARDS = 64;
/** Serialized answers kept per board. */
const MAX_PAGES_PER_BOARD = 64;
/** Entries kept over all boards: two 100,000-member boards would not fit a 192 MB heap. */
const MAX_CACHED_ENTRIES = 120_000;
/**
 * Requesters' last answers kept over all boards (about 500 bytes each: 5 MB, the room a 192 MB heap
 * has beside a 100,000-member board; docs/benchmarks.md "Thirty-second session").
 */
const MAX_KEPT_REQUESTERS = 10_000;
/** A ranking is patched with up to this many changed members (or half its size, if more); beyond, rebuilt. */
const MAX_PATCH_MEMBERS = 1_000;
/** Boards read within this long are kept current in the background, so that readers rarely wait. */
const FOLLOW_RECENT_MS = 60_000;
const FOLLOW_INTERVAL_MS = 1_000;

interface Slot {
  readonly challenge: Challenge;
  readonly view: LeaderboardView;
  readonly period: ChallengePeriod;
  readonly teamId: string | undefined;
  board: Promise<RankedBoard>;
  /** The board once `board` has resolved (patched in place; replaced by a rebuild): read without a promise. */
  built: RankedBoard | null;
  /** The leaderboard_version the board reflects (at least). */
  version: number;
  size: number;
  usedAt: number;
  /** The catch-up under way (one at a time: patches change the board in place). */
  catchingUp: Promise<void> | null;
}

/**
 * Whole rankings kept in memory per (challenge, view, period, team), kept current with the
 * challenge's leaderboard_version (bumped, with the list of changed members, by every score and
 * membership write in its transaction: recordLeaderboardChanges). A ranking behind the version is
 * patched with the changed members only (GetLeaderboardUseCase.update, O(changes x log members)
 * comparisons, with no database read of the others), or left as it is when the changes wrote
 * scores of periods it does not read; it is rebuilt from the materialized scores only when it
 * cannot be patched (rules changed, team boards, too far behind). Recently read
 * boards are also patched every second in the background, so a reader seldom waits even for a
 * patch.
 */
@Injectable()
export class LeaderboardCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LeaderboardCache');
  private readonly slots = new Map<string, Slot>();
  private follower: NodeJS.Timeout | null = null;
  private following = false;
  /** At least the boards' requesters kept (changes empty them without counting down): counted again when it reaches the bound. */
  private keptRequesters = 0;

  constructor(
    private readonly leaderboards: GetLeaderboardUseCase,
    private readonly dataSource: DataSource,
    private readonly snapshots: ChallengeSnapshots,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: GamificationReads,
  ) {}

  onModuleInit(): void {
    this.follower = setInterval(() => void this.follow(), FOLLOW_INTERVAL_MS);
    this.follower.unref();
  }

  onModuleDestroy(): void {
    if (this.follower) clearInterval(this.follower);
  }

  /**
   * The ranking, current as of `snapshot` (the challenge's versions read after the request came:
   * ChallengeViews.visibleWithVersion); read here when not given.
   */
  async board(
    challenge: Challenge,
    view: LeaderboardView,
    dateRange: number | undefined,
    teamId?: string,
    snapshot?: Pick<ChallengeSnapshot, 'leaderboardVersion' | 'leaderboardResetVersion'>,
  ): Promise<RankedBoard> {
    const { period, key } = this.placeOf(challenge, view, dateRange, teamId);
    const versions = snapshot ?? (await this.snapshots.read(challenge.appId, challenge.id));
    const version = Number(versions?.leaderboardVersion ?? 0);
    let slot = this.slots.get(key);
    if (slot) {
      slot.usedAt = Date.now();
      while (slot.version < version) {
        slot.catchingUp ??= this.catchUp(slot, Number(versions?.leaderboardResetVersion ?? 0), version).finally(() => {
          (slot as Slot).catchingUp = null;
        });
        await slot.catchingUp;
      }
      return slot.board;
    }
    // Room first: a board of this challenge is about as large as another of its boards, and
    // building it while the cache is full would hold both in memory at once.
    const expected = Math.max(0, ...[...this.slots.values()].filter((other) => other.challenge.id === challenge.id).map((other) => other.size));
    this.evict(null, expected);
    slot = {
      challenge, view, period, teamId, board: this.compute(challenge, view, period, teamId), built: null, version, size: 0, usedAt: Date.now(),
      catchingUp: null,
    };
    this.slots.set(key, slot);
    this.settle(key, slot);
    return slot.board;
  }

  /**
   * As `board` (no team), without waiting: the ranking when it is built and current as of
   * `snapshot`, else undefined (`board` then builds it or catches it up).
   */
  current(
    challenge: Challenge,
    view: LeaderboardView,
    dateRange: number | undefined,
    snapshot: Pick<ChallengeSnapshot, 'leaderboardVersion'>,
  ): RankedBoard | undefined {
    const slot = this.slots.get(this.placeOf(challenge, view, dateRange, undefined).key);
    if (!slot?.built || slot.version < Number(snapshot.leaderboardVersion ?? 0)) return undefined;
    slot.usedAt = Date.now();
    return slot.built;
  }

  /** The period a board of `dateRange` shows (the current one when omitted) and the board's key. */
  private placeOf(challenge: Challenge, view: LeaderboardView, dateRange: number | undefined, teamId: string | undefined) {
    const period = PeriodCalendar.of(challenge).select(dateRange, this.clock.now());
    return { period, key: boardKey(challenge, view, period.index, teamId) };
  }

  /**
   * The member objects of these profiles, read once while they do not change (a profile renamed
   * since shows its new name from its next score or membership change on).
   */
  async memberInfos(board: RankedBoard, challengeId: string, profileIds: readonly string[]): Promise<Map<string, MemberInfo>> {
    const missing = profileIds.filter((id) => !board.infos.has(id));
    if (missing.length > 0) {
      for (const [id, info] of await this.reads.membersByIds(challengeId, missing)) board.infos.set(id, info);
    }
    return board.infos;
  }

  /** Something kept for the board as it is now under `key` (e.g. a serialized answer); gone with its next change. */
  kept<T>(board: RankedBoard, key: string): T | undefined {
    return board.pages.get(key) as T | undefined;
  }

  keep(board: RankedBoard, key: string, value: unknown): void {
    if (board.pages.size >= MAX_PAGES_PER_BOARD) board.pages.delete(board.pages.keys().next().value as string);
    board.pages.set(key, value);
  }

  /** What was last kept for a requester on the board as it is now; gone with its next change. */
  keptRequester<T>(board: RankedBoard, requesterId: string): T | undefined {
    return board.requesters.get(requesterId) as T | undefined;
  }

  /** Keeps it, in place of the requester's last one; a new requester only while the bound leaves room. */
  keepRequester(board: RankedBoard, requesterId: string, value: unknown): void {
    if (!board.requesters.has(requesterId)) {
      if (this.keptRequesters >= MAX_KEPT_REQUESTERS) {
        this.keptRequesters = [...this.slots.values()].reduce((sum, slot) => sum + (slot.built?.requesters.size ?? 0), 0);
      }
      if (this.keptRequesters >= MAX_KEPT_REQUESTERS) return;
      this.keptRequesters++;
    }
    board.requesters.set(requesterId, value);
  }

  page(board: RankedBoard, limit: number, offset: number, requesterKey: string | null): BoardPage {
    return {
      count: board.table.size,
      results: board.table.slice(offset, limit),
      requester: requesterKey === null ? null : board.table.find(requesterKey),
    };
  }

  /**
   * Brings the slot's board to at least `version`: patched with the members changed since its own
   * version where the board allows it, else rebuilt (also after a reset: scores dropped for new
   * rules) unless `rebuild` is false (the background follower only patches: rebuilding a board
   * that changes all the time is left to its next reader).
   */
  private async catchUp(slot: Slot, resetVersion: number, version: number, rebuild = true): Promise<void> {
    const board = await slot.board.catch(() => null);
    const limit = Math.max(MAX_PATCH_MEMBERS, Math.floor(slot.size / 2));
    const changes =
      board && resetVersion <= slot.version
        ? await readLeaderboardChanges(this.dataSource, slot.challenge.appId, slot.challenge.id, slot.version, limit)
        : null;
    const { challenge, view, period } = slot;
    const { first, last } = changes?.periods ?? { first: 0, last: Infinity }; // none named: any period
    if (board && changes && !this.leaderboards.dependsOnPeriods({ challenge, view, dateRange: period.index, firstIndex: first, lastIndex: last })) {
      // Scores of other periods only (today's data, and this board shows yesterday): nothing here changed.
      slot.version = Math.max(slot.version, changes.version);
      return;
    }
    const patched =
      board !== null &&
      changes?.profileIds != null &&
      (await this.leaderboards.update({ challenge, view, dateRange: period.index, table: board.table, profileIds: changes.profileIds }));
    if (patched && board && changes?.profileIds) {
      board.pages.clear();
      board.requesters.clear();
      for (const profileId of changes.profileIds) board.infos.delete(profileId);
      slot.version = Math.max(slot.version, changes.version);
      slot.size = board.table.size;
      return;
    }
    if (!rebuild) return;
    // The version read before the rebuild reads anything: later changes are patched in again.
    const fresh = this.compute(challenge, view, period, slot.teamId);
    slot.built = await fresh;
    slot.board = fresh;
    slot.version = Math.max(slot.version, version);
    slot.size = (await fresh).table.size;
  }

  /** Catches up the boards read lately whose challenge changed (one snapshot read for all of them). */
  private async follow(): Promise<void> {
    if (this.following) return;
    this.following = true;
    try {
      const recent = [...this.slots.values()].filter((slot) => Date.now() - slot.usedAt < FOLLOW_RECENT_MS && slot.catchingUp === null);
      const snapshots = await Promise.all(recent.map((slot) => this.snapshots.read(slot.challenge.appId, slot.challenge.id)));
      await Promise.all(
        recent.map(async (slot, i) => {
          const snapshot = snapshots[i];
          if (!snapshot || slot.version >= Number(snapshot.leaderboardVersion) || slot.catchingUp) return;
          slot.catchingUp = this.catchUp(slot, Number(snapshot.leaderboardResetVersion), Number(snapshot.leaderboardVersion), false).finally(() => {
            slot.catchingUp = null;
          });
          await slot.catchingUp;
        }),
      );
    } catch (error) {
      this.logger.warn(`catching up leaderboards failed: ${(error as Error).message}`);
    } finally {
      this.following = false;
    }
  }

  /** Records the board's size once built (or forgets a failed build), then evicts. */
  private settle(key: string, slot: Slot): void {
    slot.board.then(
      (board) => {
        slot.built = board;
        slot.size = board.table.size;
        this.evict(key);
      },
      () => {
        if (this.slots.get(key) === slot) this.slots.delete(key);
      },
    );
  }

  /**
   * Least recently used boards go first while there are too many boards or entries, counting
   * `coming` entries of a board about to be built (`keep`, the newest, always stays).
   */
  private evict(keep: string | null, coming = 0): void {
    let total = coming + [...this.slots.values()].reduce((sum, slot) => sum + slot.size, 0);
    const room = keep === null ? 1 : 0; // a board about to be built needs its place too
    // Ordered here, when a board is built, rather than on every read.
    const leastRecentFirst = [...this.slots].sort(([, a], [, b]) => a.usedAt - b.usedAt);
    for (const [key, slot] of leastRecentFirst) {
      if (key === keep) continue;
      if (this.slots.size + room <= MAX_BOARDS && total <= MAX_CACHED_ENTRIES) break;
      this.slots.delete(key);
      total -= slot.size;
    }
  }

  private async compute(challenge: Challenge, view: LeaderboardView, period: ChallengePeriod, teamId?: string): Promise<RankedBoard> {
    const { table, teamOf } = await this.leaderboards.rank({ challenge, view, teamId, dateRange: period.index });
    return {
      period,
      table,
      teamOf,
      infos: new Map(),
      pages: new Map(),
      requesters: new Map(),
    };
  }
}
