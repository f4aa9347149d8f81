import { Inject, Injectable } from '@nestjs/common';
import {
  ActivityTotals, aggregateProgress, Challenge, ChallengeRepository, challengesForProfile, Clock, GetProfileUseCase, goalProgressFor,
  goalProportion, isChallengeVisibleTo, MembershipError, MembershipRepository, PeriodCalendar, Principal,
  ScoreRepository, visibleChallenges,
} from '@strive/domain';
import { ChallengeSnapshot } from '../persistence/gamification/typeorm-challenge.repository';
import { CHALLENGE_REPOSITORY, CLOCK, MEMBERSHIP_REPOSITORY, SCORE_REPOSITORY } from '../system/tokens';
import { ChallengeSnapshots } from './challenge-snapshots';
import { GamificationReads, MemberInfo } from './gamification-reads';
import { LeaderboardCache } from './leaderboard-cache';

export type ChallengeStatus = 'not_started' | 'running' | 'ended';

/** What a challenge read needs besides the challenge: computed per requester. */
export interface ChallengeFacts {
  readonly challenge: Challenge;
  readonly numMembers: number;
  readonly goalProgress: number | null;
  readonly totals: ActivityTotals;
  readonly status: ChallengeStatus;
}

/** A challenge with one page of its members (challenge read: the first page; members/: any page). */
export interface ChallengeDetail {
  readonly facts: ChallengeFacts;
  readonly members: readonly MemberInfo[];
}

const WEEK_MS = 7 * 86_400_000;

/**
 * The read side of challenges (host query service): loads challenges as a caller may see them
 * (the domain's visibility rule decides; a PRIVATE challenge is "not found" for a profile that is
 * not its member) and the computed fields of their representation. Each HTTP read is one call.
 */
@Injectable()
export class ChallengeViews {
  constructor(
    @Inject(CHALLENGE_REPOSITORY) private readonly challenges: ChallengeRepository,
    @Inject(MEMBERSHIP_REPOSITORY) private readonly memberships: MembershipRepository,
    @Inject(SCORE_REPOSITORY) private readonly scores: ScoreRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: GamificationReads,
    private readonly boards: LeaderboardCache,
    private readonly profiles: GetProfileUseCase,
    private readonly snapshots: ChallengeSnapshots,
  ) {}

  async visible(principal: Principal, challengeId: string): Promise<Challenge> {
    return (await this.visibleWithVersion(principal, challengeId)).challenge;
  }

  /**
   * As `visible`, with the challenge's leaderboard versions read in the same statement, shared
   * with the leaderboard requests arriving meanwhile (ChallengeSnapshots): a leaderboard request
   * then needs no round trip of its own to know whether its cached ranking is current.
   */
  async visibleWithVersion(principal: Principal, challengeId: string): Promise<ChallengeSnapshot> {
    const found = await this.snapshots.read(principal.appId, challengeId);
    if (!found) throw MembershipError.challengeNotFound(challengeId);
    // Only a profile's membership can matter (an administrator sees every challenge of its app).
    const isMember =
      principal.kind === 'admin' ||
      (found.challenge.visibility !== 'PUBLIC' && (await this.memberships.find(found.challenge.id, principal.profileId)) !== null);
    if (principal.kind === 'profile' && !isChallengeVisibleTo(found.challenge, isMember)) throw MembershipError.challengeNotFound(challengeId);
    return found;
  }

  /**
   * As `visibleWithVersion`, without waiting: the kept snapshot when visibility needs no read (an
   * administrator, or a PUBLIC challenge), undefined when `visibleWithVersion` has to decide.
   */
  peekVisibleWithVersion(principal: Principal, challengeId: string): ChallengeSnapshot | undefined {
    const found = this.snapshots.peek(principal.appId, challengeId);
    if (found === null) throw MembershipError.challengeNotFound(challengeId);
    // Visible to a profile without its membership: no read; otherwise the membership decides.
    return found !== undefined && (principal.kind === 'admin' || isChallengeVisibleTo(found.challenge, false)) ? found : undefined;
  }

  /** A challenge read: the challenge with its first members (the preview). */
  async detail(principal: Principal, challenge: Challenge, limit: number): Promise<ChallengeDetail> {
    return { facts: await this.facts(challenge, principal), members: await this.reads.memberPage(challenge.id, limit, 0) };
  }

  /** A challenge read (the first page: the preview) and members/ (any page): the visible challenge with one page of its members. */
  async membersPage(principal: Principal, challengeId: string, limit: number, offset: number): Promise<ChallengeDetail> {
    const challenge = await this.visible(principal, challengeId);
    return { facts: await this.facts(challenge, principal), members: await this.reads.memberPage(challenge.id, limit, offset) };
  }

  /**
   * One page of the app's challenges by start (then id), those not ended in the last `recentWeeks`
   * when given. A profile's list is decided by the domain's visibility rule over the app's
   * challenges; an administrator's is paged in SQL.
   */
  async listPage(principal: Principal, options: { recentWeeks?: number; limit: number; offset: number }): Promise<{ count: number; items: ChallengeFacts[] }> {
    const endedAfter = this.endedAfter(options.recentWeeks) ?? undefined;
    let page: { count: number; items: Challenge[] };
    if (principal.kind === 'admin') {
      page = await this.reads.challengePage(principal.appId, { endedAfter, limit: options.limit, offset: options.offset });
    } else {
      const all = await this.reads.challengeList(principal.appId, { endedAfter });
      const visible = visibleChallenges(all, await this.joinedIds(principal.profileId));
      page = { count: visible.length, items: visible.slice(options.offset, options.offset + options.limit) };
    }
    const items: ChallengeFacts[] = [];
    for (const challenge of page.items) items.push(await this.facts(challenge, principal));
    return { count: page.count, items };
  }

  /**
   * profile/{id}/challenge/ (a window) and profile/{id}/challenges/ ('joined'): the profile's
   * challenges as the domain lists them, with their facts and whether the profile joined each.
   */
  async forProfile(
    principal: Principal,
    profileId: string,
    scope: { readonly from?: Date; readonly to?: Date | null; readonly recentWeeks?: number } | 'joined',
  ): Promise<{ facts: ChallengeFacts; joined: boolean }[]> {
    const profile = await this.profiles.execute(principal, profileId);
    const joined = await this.joinedIds(profile.id);
    const all = await this.challenges.listByApp(profile.appId);
    const entries =
      scope === 'joined'
        ? challengesForProfile(all.filter((challenge) => joined.has(challenge.id)), joined, this.clock.now())
        : challengesForProfile(all, joined, this.clock.now(), { from: scope.from, to: scope.to, endedAfter: this.endedAfter(scope.recentWeeks) });
    const results: { facts: ChallengeFacts; joined: boolean }[] = [];
    for (const entry of entries) results.push({ facts: await this.facts(entry.challenge, principal), joined: entry.joined });
    return results;
  }

  async facts(challenge: Challenge, principal: Principal): Promise<ChallengeFacts> {
    const now = this.clock.now().getTime();
    const status: ChallengeStatus = now < challenge.start.getTime() ? 'not_started' : now >= challenge.end.getTime() ? 'ended' : 'running';
    return {
      challenge,
      numMembers: await this.reads.memberCount(challenge.id),
      goalProgress: await this.goalProgress(challenge, principal.kind === 'profile' ? principal.profileId : null),
      totals: await this.reads.challengeTotals(challenge.id),
      status,
    };
  }

  /** `recent` (weeks): challenges that ended before this instant are left out. */
  private endedAfter(recentWeeks: number | undefined): Date | null {
    return recentWeeks === undefined ? null : new Date(this.clock.now().getTime() - recentWeeks * WEEK_MS);
  }

  private async joinedIds(profileId: string): Promise<Set<string>> {
    return new Set((await this.memberships.listByProfile(profileId)).map((member) => member.challengeId));
  }

  /** goal_progress of the current period from the requester's perspective (scoring.md section 8). */
  private async goalProgress(challenge: Challenge, requester: string | null): Promise<number | null> {
    if (challenge.goalValue === null) return null;
    const period = PeriodCalendar.of(challenge).indexAt(this.clock.now());
    if (challenge.type === 'INDIVIDUAL') {
      if (requester === null) return 0;
      const member = await this.memberships.find(challenge.id, requester);
      if (!member) return 0;
      const [score] = await this.scores.findForMember(challenge.id, requester, [period]);
      return goalProgressFor(challenge, requester, [member], score ? [score] : []).proportion;
    }
    // TEAM and GROUP read the cached rankings of the current period (built once per score change).
    if (challenge.type === 'TEAM') {
      const member = requester === null ? null : await this.memberships.find(challenge.id, requester);
      if (!member?.teamId) return 0;
      const teams = await this.boards.board(challenge, 'teams', period);
      const entry = teams.table.find(member.teamId);
      return goalProportion(entry?.progress ?? 0, challenge.goalValue);
    }
    const everyone = await this.boards.board(challenge, 'profiles', period);
    const progress = aggregateProgress(challenge.calculationMethod, everyone.table.progressValues(), everyone.table.size);
    return goalProportion(progress, challenge.goalValue);
  }
}
