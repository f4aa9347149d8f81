import { Inject, Injectable } from '@nestjs/common';
import {
  Challenge, ChallengePeriod, Clock, GetLeaderboardUseCase, LeaderboardEntry, LeaderboardView, MembershipRepository,
  PeriodCalendar, Ranked, RankingTable,
} from '@strive/domain';
import { DataSource } from 'typeorm';
import { leaderboardVersion } from '../persistence/shared/db';
import { CLOCK, MEMBERSHIP_REPOSITORY } from '../system/tokens';
import { GamificationReads, MemberInfo } from './gamification-reads';

export interface RankedBoard {
  readonly version: string;
  readonly period: ChallengePeriod;
  /** The whole ranking, in columns (a few heap objects however many members). */
  readonly table: RankingTable;
  /** Member profile id -> the team it plays for (requester's team entry). */
  readonly teamOf: ReadonlyMap<string, string | null>;
  /** Member objects already read for this version (names shown on pages). */
  readonly infos: Map<string, MemberInfo>;
  /** Answers already serialized for this version, per request shape (see `serializedPage`). */
  readonly pages: Map<string, string>;
}

export interface BoardPage {
  readonly count: number;
  readonly results: readonly Ranked<LeaderboardEntry>[];
  readonly requester: Ranked<LeaderboardEntry> | null;
}

const MAX_BOARDS = 64;
/** Serialized answers kept per board (about 20 kB each for a page of 50). */
const MAX_PAGES_PER_BOARD = 64;
/** Entries kept over all boards: two 100,000-member boards would not fit a 192 MB heap. */
const MAX_CACHED_ENTRIES = 120_000;

interface Slot {
  readonly challengeId: string;
  readonly version: string;
  readonly board: Promise<RankedBoard>;
  size: number;
}

/**
 * Whole rankings kept in memory per (challenge, view, period, team) and reused while the
 * challenge's leaderboard_version (bumped by every score and membership write, in the same
 * transaction) does not change. A request then costs one version lookup and a slice; a stale
 * board is recomputed from the materialized scores once, however many requests wait for it.
 */
@Injectable()
export class LeaderboardCache {
  private readonly boards = new Map<string, Slot>();

  constructor(
    private readonly leaderboards: GetLeaderboardUseCase,
    private readonly dataSource: DataSource,
    @Inject(MEMBERSHIP_REPOSITORY) private readonly memberships: MembershipRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: GamificationReads,
  ) {}

  /**
   * `knownVersion`: the challenge's leaderboard_version when the caller read it together with the
   * challenge (ChallengeViews.visibleWithVersion); otherwise it is read here.
   */
  async board(
    challenge: Challenge,
    view: LeaderboardView,
    dateRange: number | undefined,
    teamId?: string,
    knownVersion?: string,
  ): Promise<RankedBoard> {
    const period = PeriodCalendar.of(challenge).select(dateRange, this.clock.now());
    const version = knownVersion ?? (await leaderboardVersion(this.dataSource, challenge.id));
    const key = `${challenge.id}|${view}|${period.index}|${teamId ?? ''}`;
    const cached = this.boards.get(key);
    if (cached && cached.version === version) return cached.board;
    // Every board of an older version of this challenge is stale: free it before building.
    for (const [other, slot] of this.boards) {
      if (slot.challengeId === challenge.id && slot.version !== version) this.boards.delete(other);
    }
    const slot: Slot = { challengeId: challenge.id, version, board: this.compute(challenge, view, period, version, teamId), size: 0 };
    this.boards.set(key, slot);
    slot.board.then(
      (board) => {
        slot.size = board.table.size;
        this.evict(key);
      },
      () => {
        if (this.boards.get(key) === slot) this.boards.delete(key);
      },
    );
    return slot.board;
  }

  /** Oldest boards go first while there are too many boards or entries (the newest always stays). */
  private evict(keep: string): void {
    let total = [...this.boards.values()].reduce((sum, slot) => sum + slot.size, 0);
    for (const [key, slot] of this.boards) {
      if (key === keep) continue;
      if (this.boards.size <= MAX_BOARDS && total <= MAX_CACHED_ENTRIES) break;
      this.boards.delete(key);
      total -= slot.size;
    }
  }

  /**
   * The member objects of these profiles, read once per board version (a profile renamed since
   * shows its new name from the next score or membership change on).
   */
  async memberInfos(board: RankedBoard, challengeId: string, profileIds: readonly string[]): Promise<Map<string, MemberInfo>> {
    const missing = profileIds.filter((id) => !board.infos.has(id));
    if (missing.length > 0) {
      for (const [id, info] of await this.reads.membersByIds(challengeId, missing)) board.infos.set(id, info);
    }
    return board.infos;
  }

  /** A serialized answer kept for this board version under `key` (everything the answer depends on). */
  serializedPage(board: RankedBoard, key: string): string | undefined {
    return board.pages.get(key);
  }

  keepSerializedPage(board: RankedBoard, key: string, json: string): void {
    if (board.pages.size >= MAX_PAGES_PER_BOARD) board.pages.delete(board.pages.keys().next().value as string);
    board.pages.set(key, json);
  }

  page(board: RankedBoard, limit: number, offset: number, requesterKey: string | null): BoardPage {
    return {
      count: board.table.size,
      results: board.table.slice(offset, limit),
      requester: requesterKey === null ? null : board.table.find(requesterKey),
    };
  }

  private async compute(
    challenge: Challenge,
    view: LeaderboardView,
    period: ChallengePeriod,
    version: string,
    teamId?: string,
  ): Promise<RankedBoard> {
    const members = await this.memberships.listByChallenge(challenge.id);
    const { table } = await this.leaderboards.rank({ challenge, members, view, teamId, dateRange: period.index });
    return {
      version,
      period,
      table,
      // Only team boards look a requester's team up; a 100,000-member INDIVIDUAL board skips the map.
      teamOf: new Map(challenge.type === 'TEAM' ? members.map((member) => [member.profileId, member.teamId]) : []),
      infos: new Map(),
      pages: new Map(),
    };
  }
}
