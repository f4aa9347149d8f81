import { Inject, Injectable } from '@nestjs/common';
import {
  ActivityTotals, aggregateProgress, Challenge, goalProportion, Clock, goalProgressFor, MembershipError, MembershipRepository, PeriodCalendar,
  Principal, ScoreRepository,
} from '@strive/domain';
import { CLOCK, MEMBERSHIP_REPOSITORY, SCORE_REPOSITORY } from '../system/tokens';
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

/**
 * Loads challenges as a caller may see them (a PRIVATE challenge is "not found" for a profile
 * that is not its member) and the computed fields of their representation.
 */
@Injectable()
export class ChallengeViews {
  constructor(
    @Inject(MEMBERSHIP_REPOSITORY) private readonly memberships: MembershipRepository,
    @Inject(SCORE_REPOSITORY) private readonly scores: ScoreRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: GamificationReads,
    private readonly boards: LeaderboardCache,
  ) {}

  async visible(principal: Principal, challengeId: string): Promise<Challenge> {
    return (await this.visibleWithVersion(principal, challengeId)).challenge;
  }

  /**
   * As `visible`, with the challenge's leaderboard_version read in the same statement (a
   * leaderboard request then needs no second round trip to know whether its cached ranking is current).
   */
  async visibleWithVersion(principal: Principal, challengeId: string): Promise<{ challenge: Challenge; leaderboardVersion: string }> {
    const found = await this.reads.challengeWithVersion(principal.appId, challengeId);
    if (!found) throw MembershipError.challengeNotFound(challengeId);
    if (principal.kind === 'profile' && found.challenge.visibility === 'PRIVATE') {
      const member = await this.memberships.find(found.challenge.id, principal.profileId);
      if (!member) throw MembershipError.challengeNotFound(challengeId);
    }
    return found;
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

  members(challengeId: string, limit: number, offset: number): Promise<MemberInfo[]> {
    return this.reads.memberPage(challengeId, limit, offset);
  }
}
