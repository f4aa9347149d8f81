import { Controller, Get, Header, Param, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { LeaderboardEntry, Principal, Ranked } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ChallengeLeaderboards } from '../../gamification/challenge-leaderboards';
import { MemberInfo } from '../../gamification/gamification-reads';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl, UrlRequest } from '../shared/api-url';
import { DEFAULT_LIMIT, offsetPage } from '../shared/offset-page';
import { QueryMemoValidationPipe } from '../shared/query-memo-validation.pipe';
import { QueryReadByHandler } from '../shared/unknown-query.guard';
import { uuidParam, UuidParamPipe } from '../shared/uuid-param.pipe';
import { PublicId } from './challenge.controller';
import {
  ChallengePeriodView, DateRangeQuery, LeaderboardHistory, LeaderboardProfile, LeaderboardProfileAndTeam, LeaderboardQuery,
  LeaderboardTeamPage,
} from './challenge-leaderboard.dto';
import { presentHistoryEntry, presentPeriod, presentProfileEntry, presentTeamEntry, teamRef } from './challenge.presenter';

/** A request past the bearer's guard (BearerCredentialsGuard sets `user`). */
type AuthenticatedRequest = FastifyRequest<{ Params: { public_id?: string } }> & UrlRequest & { user: Principal };

/** Challenge leaderboards: leaderboard/, leaderboard_history/, team/, team/{id}/, periods/. */
@ApiTags('Challenge')
@Controller('challenge')
export class ChallengeLeaderboardController {
  /** leaderboard/'s query, validated as the global pipe validates a `@Query()` DTO. */
  private readonly queries = new QueryMemoValidationPipe();

  constructor(private readonly leaderboards: ChallengeLeaderboards) {}

  @Get(':public_id/leaderboard')
  @Auth('either')
  @QueryReadByHandler(LeaderboardQuery)
  @PublicId()
  @ApiOperation({ operationId: 'challenge_leaderboard', summary: 'Member ranking of a period (plus the team ranking of TEAM challenges)' })
  @ApiOkResponse({ type: LeaderboardProfileAndTeam })
  @ApiProblemResponses(400, 404)
  // Serialized already (and maybe reused): sent as a returned object would be (same content type).
  @Header('content-type', 'application/json; charset=utf-8')
  leaderboard(
    // The busiest read takes the request alone and reads its path and query itself: Nest puts each
    // parameter of a handler through the pipes' promises (docs/decisions.md "leaderboard/ reads its
    // own request").
    @Req() request: AuthenticatedRequest,
  ): string | Promise<string> {
    const id = uuidParam(request.params.public_id, 'public_id');
    const query = this.queries.query(LeaderboardQuery, request.query);
    return query instanceof Promise ? query.then((valid) => this.profileBoard(request, id, valid)) : this.profileBoard(request, id, query);
  }

  private profileBoard(request: AuthenticatedRequest, id: string, query: LeaderboardQuery): string | Promise<string> {
    const principal = request.user;
    const url = ApiUrl.of(request);
    const selection = { dateRange: query.date_range, limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
    const entry = (e: Ranked<LeaderboardEntry>, members: ReadonlyMap<string, MemberInfo>, teamNames: ReadonlyMap<string, string>) =>
      presentProfileEntry(e, members.get(e.profileId as string), teamNames, url, principal);
    return this.leaderboards.profileBoard(principal, id, selection, url.requested, {
      // LeaderboardProfileAndTeam, its requester entry left out: head + requester + tail.
      page: (page) => {
        const links = offsetPage(url, query, page.count, []);
        const head: Omit<LeaderboardProfileAndTeam, 'requester' | 'teams'> = {
          challenge: page.challenge.id,
          period: presentPeriod(page.period, page.currentIndex),
          count: page.count,
          next: links.next,
          previous: links.previous,
          results: page.results.map((e) => entry(e, page.members, page.teamNames)),
        };
        const teams: LeaderboardProfileAndTeam['teams'] = page.teams.map((e) => presentTeamEntry(e, page.teamNames));
        return { head: `${JSON.stringify(head).slice(0, -1)},"requester":`, tail: `,"teams":${JSON.stringify(teams)}}` };
      },
      requester: (own, members, teamNames) => JSON.stringify(entry(own, members, teamNames)),
    });
  }

  @Get(':public_id/leaderboard_history')
  @Auth('profile')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_leaderboard_history', summary: "The requesting profile's scores for every period since it joined" })
  @ApiOkResponse({ type: LeaderboardHistory })
  @ApiProblemResponses(400, 404)
  async leaderboardHistory(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string): Promise<LeaderboardHistory> {
    const profile = principal as Principal & { kind: 'profile' }; // @Auth('profile')
    const { challenge, entries } = await this.leaderboards.memberHistory(profile, id);
    return { challenge: challenge.id, profile: profile.profileId, results: entries.map(presentHistoryEntry) };
  }

  @Get(':public_id/periods')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_periods', summary: 'The periods of the challenge; date_range is their index' })
  @ApiOkResponse({ type: [ChallengePeriodView] })
  @ApiProblemResponses(400, 404)
  async periods(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string): Promise<ChallengePeriodView[]> {
    const { periods, currentIndex } = await this.leaderboards.periods(principal, id);
    return periods.map((period) => presentPeriod(period, currentIndex));
  }

  @Get(':public_id/team')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_team_leaderboard', summary: 'Team ranking of a period (TEAM challenges)' })
  @ApiOkResponse({ type: LeaderboardTeamPage })
  @ApiProblemResponses(400, 404)
  async teamLeaderboard(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: LeaderboardQuery,
    @RequestUrl() url: ApiUrl,
  ): Promise<LeaderboardTeamPage> {
    const selection = { dateRange: query.date_range, limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 };
    const board = await this.leaderboards.teamBoard(principal, id, selection);
    const page = offsetPage(url, query, board.count, board.results.map((e) => presentTeamEntry(e, board.teamNames)));
    return {
      ...page,
      period: presentPeriod(board.period, board.currentIndex),
      requester: board.requester ? presentTeamEntry(board.requester, board.teamNames) : null,
    };
  }

  @Get(':public_id/team/:team_public_id')
  @Auth('either')
  @PublicId()
  @ApiParam({ name: 'team_public_id', format: 'uuid', description: 'The team public_id.' })
  @ApiOperation({ operationId: 'challenge_team_contribution', summary: "Contribution of one team's members in a period (TEAM challenges)" })
  @ApiOkResponse({ type: LeaderboardProfile })
  @ApiProblemResponses(400, 404)
  async teamContribution(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Param('team_public_id', UuidParamPipe) teamId: string,
    @Query() query: DateRangeQuery,
    @RequestUrl() url: ApiUrl,
  ): Promise<LeaderboardProfile> {
    const team = await this.leaderboards.teamContribution(principal, id, teamId, query.date_range);
    return {
      team: teamRef(team.teamId, team.teamNames) as { public_id: string; name: string },
      period: presentPeriod(team.period, team.currentIndex),
      progress: team.progress,
      count: team.entries.length,
      results: team.entries.map((e) => presentProfileEntry(e, team.members.get(e.profileId as string), team.teamNames, url, principal)),
    };
  }
}
