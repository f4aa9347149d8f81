import { Inject, Injectable } from '@nestjs/common';
import {
  Challenge, ChallengePeriod, Clock, GetScoreHistoryUseCase, LeaderboardEntry, MembershipError, MembershipErrorCode, MembershipRepository,
  PeriodCalendar, Principal, Ranked, ScoreHistoryEntry, TeamError,
} from '@strive/domain';
import { CLOCK, MEMBERSHIP_REPOSITORY } from '../system/tokens';
import { ChallengeViews } from './challenge-views';
import { GamificationReads, MemberInfo } from './gamification-reads';
import { LeaderboardCache, RankedBoard } from './leaderboard-cache';

/** TEAM challenges: how many teams leaderboard/ lists next to the member ranking. */
export const TEAMS_ON_LEADERBOARD = 100;

export interface PeriodSelection {
  readonly dateRange?: number;
  readonly limit: number;
  readonly offset: number;
}

/** leaderboard/ but the requester's entry: a page of the member ranking, the first teams. */
export interface ProfileBoardPage {
  readonly challenge: Challenge;
  readonly period: ChallengePeriod;
  readonly currentIndex: number;
  readonly count: number;
  readonly results: readonly Ranked<LeaderboardEntry>[];
  readonly teams: readonly Ranked<LeaderboardEntry>[];
  readonly members: ReadonlyMap<string, MemberInfo>;
  readonly teamNames: ReadonlyMap<string, string>;
}

/**
 * A serialized leaderboard/ answer around its requester entry: head + requester + tail. Kept as
 * strings: the answer is then one string, which Node writes behind the headers in one buffer
 * (docs/decisions.md "A leaderboard answer is one string").
 */
export interface SerializedPage {
  readonly head: string;
  readonly tail: string;
}

/** How the controller serializes leaderboard/: the page once, the requester's entry per request. */
export interface ProfileBoardRender {
  page(page: ProfileBoardPage): SerializedPage;
  /** The requester's own entry, with the names of its member and team. */
  requester(entry: Ranked<LeaderboardEntry>, members: ReadonlyMap<string, MemberInfo>, teamNames: ReadonlyMap<string, string>): string;
}

const NO_TEAMS: ReadonlyMap<string, string> = new Map();

const around = (page: SerializedPage, requester: string): string => page.head + requester + page.tail;

/** A requester's last answer from a board as it is: reused while it asks the same URL in the same current period. */
interface RequesterAnswer {
  readonly requestKey: string;
  readonly currentIndex: number;
  readonly page: SerializedPage;
  readonly own: string;
}

/** team/: a page of the team ranking and the requester's team entry. */
export interface TeamBoardPage {
  readonly period: ChallengePeriod;
  readonly currentIndex: number;
  readonly count: number;
  readonly results: readonly Ranked<LeaderboardEntry>[];
  readonly requester: Ranked<LeaderboardEntry> | null;
  readonly teamNames: ReadonlyMap<string, string>;
}

/** team/{team}/: every member playing for the team, ranked by contribution. */
export interface TeamContribution {
  readonly teamId: string;
  readonly period: ChallengePeriod;
  readonly currentIndex: number;
  readonly progress: number;
  readonly entries: readonly Ranked<LeaderboardEntry>[];
  readonly members: ReadonlyMap<string, MemberInfo>;
  readonly teamNames: ReadonlyMap<string, string>;
}

/**
 * The read side of leaderboards (host query service): each leaderboard operation is one call
 * here, composed of the visibility check, the cached rankings and the names they show.
 */
@Injectable()
export class ChallengeLeaderboards {
  constructor(
    private readonly views: ChallengeViews,
    private readonly boards: LeaderboardCache,
    private readonly reads: GamificationReads,
    private readonly history: GetScoreHistoryUseCase,
    @Inject(MEMBERSHIP_REPOSITORY) private readonly memberships: MembershipRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * leaderboard/, serialized by `render`. Its page (everything but the requester's own entry) is a
   * function of the board, the request (`requestKey`: its URL as sent, with its origin), the
   * current period, the kind of caller and whether the caller's own profile is on the page (it then
   * sees its own personal fields), as long as it names no team (team names are read fresh):
   * serialized once while the board does not change. The requester's own entry is serialized per
   * requester, and its last answer kept (LeaderboardCache.keepRequester) for its next request of the
   * same URL in the same current period. When the challenge, its current ranking, the page and the
   * requester's name are all kept, the answer is made without a promise (most reads of a busy
   * board); otherwise they are read.
   */
  profileBoard(
    principal: Principal,
    challengeId: string,
    selection: PeriodSelection,
    requestKey: string,
    render: ProfileBoardRender,
  ): string | Promise<string> {
    const snapshot = this.views.peekVisibleWithVersion(principal, challengeId);
    const profiles = snapshot && this.boards.current(snapshot.challenge, 'profiles', selection.dateRange, snapshot);
    const kept = snapshot && profiles ? this.keptAnswer(principal, snapshot.challenge, profiles, selection, requestKey, render) : undefined;
    return kept ?? this.readAnswer(principal, challengeId, selection, requestKey, render);
  }

  private keptAnswer(
    principal: Principal,
    challenge: Challenge,
    profiles: RankedBoard,
    selection: PeriodSelection,
    requestKey: string,
    render: ProfileBoardRender,
  ): string | undefined {
    const currentIndex = this.currentIndex(challenge);
    // A returning requester: its position, entry and name are not looked up and serialized again
    // (at 100,000 members, with the lookups' cache misses, about a sixth of a request;
    // docs/benchmarks.md "Thirty-second session").
    const requester = principal.kind === 'profile' ? principal.profileId : null;
    const last = requester === null ? undefined : this.boards.keptRequester<RequesterAnswer>(profiles, requester);
    if (last !== undefined && last.requestKey === requestKey && last.currentIndex === currentIndex) return around(last.page, last.own);
    const { position, key } = this.pageOf(principal, profiles, selection, requestKey, currentIndex);
    const page = this.boards.kept<SerializedPage>(profiles, key);
    if (page === undefined) return undefined;
    if (requester === null || position < 0) return around(page, 'null');
    const entry = profiles.table.at(position);
    // A team's name is read fresh (readAnswer), a member's once while it does not change.
    if (entry.teamId !== null || !profiles.infos.has(entry.profileId as string)) return undefined;
    const own = render.requester(entry, profiles.infos, NO_TEAMS);
    this.boards.keepRequester(profiles, requester, { requestKey, currentIndex, page, own } satisfies RequesterAnswer);
    return around(page, own);
  }

  private async readAnswer(
    principal: Principal,
    challengeId: string,
    selection: PeriodSelection,
    requestKey: string,
    render: ProfileBoardRender,
  ): Promise<string> {
    const snapshot = await this.views.visibleWithVersion(principal, challengeId);
    const { challenge } = snapshot;
    const profiles = await this.boards.board(challenge, 'profiles', selection.dateRange, undefined, snapshot);
    const kept = this.keptAnswer(principal, challenge, profiles, selection, requestKey, render);
    if (kept !== undefined) return kept;
    // The page, the requester's name or a team's name is to be read.
    const currentIndex = this.currentIndex(challenge);
    const { position, key } = this.pageOf(principal, profiles, selection, requestKey, currentIndex);
    let page = this.boards.kept<SerializedPage>(profiles, key);
    const board = this.boards.page(profiles, page === undefined ? selection.limit : 0, selection.offset, null);
    // Its position is known already: no second search of the ranking.
    const own = position >= 0 ? profiles.table.at(position) : null;
    const teams =
      challenge.type === 'TEAM'
        ? this.boards.page(await this.boards.board(challenge, 'teams', selection.dateRange, undefined, snapshot), TEAMS_ON_LEADERBOARD, 0, null)
            .results
        : [];
    const entries = own ? [...board.results, own] : [...board.results];
    const members = await this.boards.memberInfos(profiles, challenge.id, entries.map((e) => e.profileId as string));
    const teamIds = [...entries, ...teams].map((e) => e.teamId);
    const teamNames = await this.reads.teamNames(principal.appId, teamIds);
    if (page === undefined) {
      const shown: ProfileBoardPage = {
        challenge, period: profiles.period, currentIndex, count: board.count, results: board.results, teams, members, teamNames,
      };
      page = render.page(shown);
      if (teamIds.every((teamId) => teamId === null)) this.boards.keep(profiles, key, page);
    }
    return around(page, own ? render.requester(own, members, teamNames) : 'null');
  }

  /** The requester's position on the ranking (-1: not on it) and the key its page is kept under. */
  private pageOf(
    principal: Principal,
    profiles: RankedBoard,
    selection: PeriodSelection,
    requestKey: string,
    currentIndex: number,
  ): { position: number; key: string } {
    const requester = principal.kind === 'profile' ? principal.profileId : null;
    const position = requester === null ? -1 : profiles.table.indexOf(requester);
    const onPage = position >= selection.offset && position < selection.offset + selection.limit;
    return { position, key: `${requestKey}|${principal.kind}|${onPage ? requester : ''}|${currentIndex}` };
  }

  /** team/: the team ranking of a period (TEAM challenges). */
  async teamBoard(principal: Principal, challengeId: string, selection: PeriodSelection): Promise<TeamBoardPage> {
    const snapshot = await this.views.visibleWithVersion(principal, challengeId);
    const { challenge } = snapshot;
    const teams = await this.boards.board(challenge, 'teams', selection.dateRange, undefined, snapshot);
    const requesterTeam = principal.kind === 'profile' ? (teams.teamOf.get(principal.profileId) ?? null) : null;
    const board = this.boards.page(teams, selection.limit, selection.offset, requesterTeam);
    const shown = board.requester ? [...board.results, board.requester] : board.results;
    return {
      period: teams.period, currentIndex: this.currentIndex(challenge), count: board.count, results: board.results, requester: board.requester,
      teamNames: await this.reads.teamNames(principal.appId, shown.map((e) => e.teamId)),
    };
  }

  /** team/{team}/: the contributions of one team's members in a period; an unknown team is 404. */
  async teamContribution(principal: Principal, challengeId: string, teamId: string, dateRange: number | undefined): Promise<TeamContribution> {
    const snapshot = await this.views.visibleWithVersion(principal, challengeId);
    const { challenge } = snapshot;
    // The board first: on a challenge that is not TEAM it says so, whatever the team.
    const contributions = await this.boards.board(challenge, 'team_members', dateRange, teamId, snapshot);
    const teamNames = await this.reads.teamNames(principal.appId, [teamId]);
    if (!teamNames.has(teamId)) throw TeamError.notFound(teamId);
    const teams = await this.boards.board(challenge, 'teams', dateRange, undefined, snapshot);
    const entries = contributions.table.slice(0, contributions.table.size);
    return {
      teamId, period: contributions.period, currentIndex: this.currentIndex(challenge), progress: teams.table.find(teamId)?.progress ?? 0,
      entries, teamNames, members: await this.reads.membersByIds(challenge.id, entries.map((e) => e.profileId as string)),
    };
  }

  /** leaderboard_history/: the requesting profile's scores for every period since it joined (404 for a non-member). */
  async memberHistory(principal: Principal & { kind: 'profile' }, challengeId: string): Promise<{ challenge: Challenge; entries: ScoreHistoryEntry[] }> {
    const challenge = await this.views.visible(principal, challengeId);
    const member = await this.memberships.find(challenge.id, principal.profileId);
    if (!member) {
      throw new MembershipError(
        MembershipErrorCode.NotMember, `Profile ${principal.profileId} is not a member of challenge ${challengeId}.`, principal.profileId,
      );
    }
    return { challenge, entries: await this.history.execute({ challenge, member }) };
  }

  /** periods/: every period of the visible challenge and the index of the current one. */
  async periods(principal: Principal, challengeId: string): Promise<{ periods: readonly ChallengePeriod[]; currentIndex: number }> {
    const challenge = await this.views.visible(principal, challengeId);
    return { periods: PeriodCalendar.of(challenge).periods, currentIndex: this.currentIndex(challenge) };
  }

  private currentIndex(challenge: Challenge): number {
    return PeriodCalendar.of(challenge).indexAt(this.clock.now());
  }
}
