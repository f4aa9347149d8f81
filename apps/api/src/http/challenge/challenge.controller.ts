import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  AddChallengeMembersUseCase, assertProfileAccess, Challenge, Clock, CreateChallengeUseCase, DeleteChallengeUseCase,
  EnrollAutomaticMembersUseCase, GetScoreHistoryUseCase, JoinChallengeUseCase, LeaveChallengeUseCase,
  MembershipError, MembershipErrorCode, MembershipRepository, PeriodCalendar, Principal, RemoveChallengeMembersUseCase,
  SetMemberActiveUseCase, SetMembersActiveUseCase, TeamError, UpdateChallengeUseCase, MemberRescorer } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ChallengeViews } from '../../gamification/challenge-views';
import { GamificationReads } from '../../gamification/gamification-reads';
import { LeaderboardCache } from '../../gamification/leaderboard-cache';
import { CLOCK, MEMBERSHIP_REPOSITORY, MEMBER_RESCORER } from '../../system/tokens';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { RequestValidationError } from '../problem/request-validation.error';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { DEFAULT_LIMIT, offsetPage } from '../shared/offset-page';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import {
  ChallengeBody, ChallengeList, ChallengeListQuery, ChallengePatchBody, ChallengePeriodView, ChallengeView,
  ChallengeWithMembersView, DateRangeQuery, DeactivateMemberBody, DeactivateMemberResult, DeactivateMembersBody,
  DeactivateMembersResult, DeactivateQuery, LeaderboardHistory, LeaderboardProfile, LeaderboardProfileAndTeam, LeaderboardQuery,
  LeaderboardTeamPage, MemberBody, MemberQuery, MemberResult, MembersBody, MembersPageQuery, MembersResult, RemoveMembersBody,
  RemoveMembersResult,
} from './challenge.dto';
import {
  presentChallengeItem, presentHistoryEntry, presentMember, presentPeriod, presentProfileEntry, presentTeamEntry, teamRef,
  toDefinition,
} from './challenge.presenter';

const PublicId = () => ApiParam({ name: 'public_id', format: 'uuid', description: 'The challenge public_id.' });
const WEEK_MS = 7 * 86_400_000;
const MEMBER_PREVIEW = DEFAULT_LIMIT;
const TEAMS_ON_LEADERBOARD = 100;

const requesterOf = (principal: Principal): string | null => (principal.kind === 'profile' ? principal.profileId : null);

@ApiTags('Challenge')
@Controller('challenge')
export class ChallengeController {
  constructor(
    private readonly views: ChallengeViews,
    private readonly reads: GamificationReads,
    @Inject(MEMBER_RESCORER) private readonly scoring: MemberRescorer,
    private readonly createChallenge: CreateChallengeUseCase,
    private readonly updateChallenge: UpdateChallengeUseCase,
    private readonly deleteChallenge: DeleteChallengeUseCase,
    private readonly enrollAutomatic: EnrollAutomaticMembersUseCase,
    private readonly join: JoinChallengeUseCase,
    private readonly leave: LeaveChallengeUseCase,
    private readonly addMembers: AddChallengeMembersUseCase,
    private readonly removeMembers: RemoveChallengeMembersUseCase,
    private readonly setActive: SetMemberActiveUseCase,
    private readonly setManyActive: SetMembersActiveUseCase,
    private readonly boards: LeaderboardCache,
    private readonly history: GetScoreHistoryUseCase,
    @Inject(MEMBERSHIP_REPOSITORY) private readonly memberships: MembershipRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  // ---------- challenge CRUD ----------

  @Get()
  @Auth('either')
  @ApiOperation({ operationId: 'challenge_list', summary: "List the app's challenges (a profile bearer does not see PRIVATE challenges it is not in)" })
  @ApiOkResponse({ type: ChallengeList })
  @ApiProblemResponses(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ChallengeListQuery, @RequestUrl() url: ApiUrl) {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const page = await this.reads.challengePage(principal.appId, {
      endedAfter: query.recent !== undefined ? new Date(this.clock.now().getTime() - query.recent * WEEK_MS) : undefined,
      visibleTo: requesterOf(principal) ?? undefined,
      limit,
      offset: query.offset ?? 0,
    });
    const items = [];
    for (const challenge of page.items) items.push(presentChallengeItem(await this.views.facts(challenge, principal), url));
    return offsetPage(url, query, page.count, items);
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ operationId: 'challenge_create', summary: 'Create a challenge (AUTOMATIC: enrolls every profile of the app)' })
  @ApiCreatedResponse({ type: ChallengeView })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: ChallengeBody, @RequestUrl() url: ApiUrl): Promise<ChallengeView> {
    const challenge = await this.createChallenge.execute({ appId: principal.appId, definition: toDefinition(body) });
    await this.enrollEveryone(challenge);
    return this.present(challenge, principal, url);
  }

  @Get(':public_id')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_read', summary: 'Read a challenge; goal_progress is seen from the requesting profile' })
  @ApiOkResponse({ type: ChallengeView })
  @ApiProblemResponses(400, 404)
  async read(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @RequestUrl() url: ApiUrl) {
    return this.present(await this.views.visible(principal, id), principal, url);
  }

  @Put(':public_id')
  @Auth('admin')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_update', summary: 'Replace a challenge definition (scoring rule changes rescore every member)' })
  @ApiOkResponse({ type: ChallengeView })
  @ApiProblemResponses(404, 409)
  async replace(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Body() body: ChallengeBody,
    @RequestUrl() url: ApiUrl,
  ) {
    const stored = await this.views.visible(principal, id);
    return this.update(principal, stored, toDefinition(body), url);
  }

  @Patch(':public_id')
  @Auth('admin')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_partial_update', summary: 'Change some fields of a challenge' })
  @ApiOkResponse({ type: ChallengeView })
  @ApiProblemResponses(404, 409)
  async patch(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Body() body: ChallengePatchBody,
    @RequestUrl() url: ApiUrl,
  ) {
    const stored = await this.views.visible(principal, id);
    return this.update(principal, stored, toDefinition(body, stored), url);
  }

  @Delete(':public_id')
  @Auth('admin')
  @PublicId()
  @HttpCode(204)
  @ApiOperation({ operationId: 'challenge_delete', summary: 'Delete a challenge with its members and scores' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async remove(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string): Promise<void> {
    await this.deleteChallenge.execute({ appId: principal.appId, challengeId: id });
  }

  // ---------- membership ----------

  @Post(':public_id/member')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_member_create', summary: 'Join (profile) or add (administrator) one member' })
  @ApiCreatedResponse({ type: MemberResult })
  @ApiProblemResponses(404, 409)
  async addMember(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: MemberBody) {
    return this.enrolOne(principal, id, body);
  }

  @Put(':public_id/member')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_member_update', summary: 'Same as POST member/' })
  @ApiOkResponse({ type: MemberResult })
  @ApiProblemResponses(404, 409)
  async putMember(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: MemberBody) {
    return this.enrolOne(principal, id, body);
  }

  @Delete(':public_id/member')
  @Auth('either')
  @PublicId()
  @HttpCode(204)
  @ApiOperation({ operationId: 'challenge_member_delete', summary: 'Leave (profile) or remove (administrator) one member' })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiProblemResponses(400, 404, 409)
  async removeMember(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Query() query: MemberQuery) {
    assertProfileAccess(principal, query.profile, true);
    await this.views.visible(principal, id);
    await this.leave.execute({ appId: principal.appId, challengeId: id, profileId: query.profile });
  }

  @Get(':public_id/members')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_members_list', summary: 'The challenge with one page of its members (limit, offset)' })
  @ApiOkResponse({ type: ChallengeWithMembersView })
  @ApiProblemResponses(400, 404)
  async members(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: MembersPageQuery,
    @RequestUrl() url: ApiUrl,
  ): Promise<ChallengeWithMembersView> {
    const challenge = await this.views.visible(principal, id);
    const facts = await this.views.facts(challenge, principal);
    const members = await this.views.members(challenge.id, query.limit ?? DEFAULT_LIMIT, query.offset ?? 0);
    const links = offsetPage(url, query, facts.numMembers, []);
    return {
      ...presentChallengeItem(facts, url),
      members: members.map((member) => presentMember(member, url)),
      members_next: links.next,
      members_previous: links.previous,
    };
  }

  @Post(':public_id/members')
  @Auth('admin')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_members_create', summary: 'Add many members at once (all or nothing; existing members are kept)' })
  @ApiCreatedResponse({ type: MembersResult })
  @ApiProblemResponses(404, 409)
  async addMany(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: MembersBody) {
    return this.enrolMany(principal, id, body);
  }

  @Put(':public_id/members')
  @Auth('admin')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_members_update', summary: 'Same as POST members/' })
  @ApiOkResponse({ type: MembersResult })
  @ApiProblemResponses(404, 409)
  async putMany(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: MembersBody) {
    return this.enrolMany(principal, id, body);
  }

  @Post(':public_id/remove_members')
  @Auth('admin')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_remove_members', summary: 'Remove many members at once (AUTOMATIC challenges: they are opted out)' })
  @ApiCreatedResponse({ type: RemoveMembersResult })
  @ApiProblemResponses(404, 409)
  async removeMany(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Body() body: RemoveMembersBody,
  ): Promise<RemoveMembersResult> {
    const result = await this.removeMembers.execute({ appId: principal.appId, challengeId: id, profileIds: body.profiles });
    return { profiles: [...result.removed, ...result.notMembers] };
  }

  @Post(':public_id/deactivate_member')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_deactivate_member', summary: 'Set whether one member takes part (is_active false: score frozen, still visible)' })
  @ApiCreatedResponse({ type: DeactivateMemberResult })
  @ApiProblemResponses(400, 404, 409)
  async deactivateMember(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: DeactivateQuery,
    @Body() body: DeactivateMemberBody,
  ) {
    return this.setOneActive(principal, id, query, body);
  }

  @Put(':public_id/deactivate_member')
  @Auth('profile')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_deactivate_member_update', summary: 'Same as POST deactivate_member/ (profile bearer)' })
  @ApiOkResponse({ type: DeactivateMemberResult })
  @ApiProblemResponses(400, 404, 409)
  async putDeactivateMember(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: DeactivateQuery,
    @Body() body: DeactivateMemberBody,
  ) {
    return this.setOneActive(principal, id, query, body);
  }

  @Post(':public_id/deactivate_members')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_deactivate_members', summary: 'Set whether many members take part (all or nothing)' })
  @ApiCreatedResponse({ type: DeactivateMembersResult })
  @ApiProblemResponses(400, 404, 409)
  async deactivateMembers(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: DeactivateQuery,
    @Body() body: DeactivateMembersBody,
  ) {
    return this.setManyActiveFor(principal, id, query, body);
  }

  @Put(':public_id/deactivate_members')
  @Auth('profile')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_deactivate_members_update', summary: 'Same as POST deactivate_members/ (profile bearer: its own profile only)' })
  @ApiOkResponse({ type: DeactivateMembersResult })
  @ApiProblemResponses(400, 404, 409)
  async putDeactivateMembers(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: DeactivateQuery,
    @Body() body: DeactivateMembersBody,
  ) {
    return this.setManyActiveFor(principal, id, query, body);
  }

  // ---------- leaderboards, periods, history ----------

  @Get(':public_id/leaderboard')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_leaderboard', summary: 'Member ranking of a period (plus the team ranking of TEAM challenges)' })
  @ApiOkResponse({ type: LeaderboardProfileAndTeam })
  @ApiProblemResponses(400, 404)
  async leaderboard(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: LeaderboardQuery,
    @RequestUrl() url: ApiUrl,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<string> {
    const { challenge, leaderboardVersion: version } = await this.views.visibleWithVersion(principal, id);
    const requesterProfileId = requesterOf(principal);
    const limit = query.limit ?? DEFAULT_LIMIT;
    const current = this.currentIndex(challenge);
    const profiles = await this.boards.board(challenge, 'profiles', query.date_range, undefined, version);
    // The answer is a function of the board version, the URL, the requester and the current
    // period, as long as it names no team (team names are read fresh): serialized once, then reused.
    const key = `${url.withQuery({})}|${requesterProfileId ?? ''}|${current}`;
    const kept = this.boards.serializedPage(profiles, key);
    if (kept !== undefined) return this.sendJson(response, kept);
    const board = this.boards.page(profiles, limit, query.offset ?? 0, requesterProfileId);
    const teams =
      challenge.type === 'TEAM'
        ? this.boards.page(await this.boards.board(challenge, 'teams', query.date_range, undefined, version), TEAMS_ON_LEADERBOARD, 0, null)
            .results
        : [];
    const entries = board.requester ? [...board.results, board.requester] : [...board.results];
    const infos = await this.boards.memberInfos(profiles, challenge.id, entries.map((e) => e.profileId as string));
    const teamIds = [...entries, ...teams].map((e) => e.teamId);
    const names = await this.reads.teamNames(principal.appId, teamIds);
    const links = offsetPage(url, query, board.count, []);
    const answer: LeaderboardProfileAndTeam = {
      challenge: challenge.id,
      period: presentPeriod(profiles.period, current),
      count: board.count,
      next: links.next,
      previous: links.previous,
      results: board.results.map((e) => presentProfileEntry(e, infos.get(e.profileId as string), names, url)),
      requester: board.requester ? presentProfileEntry(board.requester, infos.get(board.requester.profileId as string), names, url) : null,
      teams: teams.map((e) => presentTeamEntry(e, names)),
    };
    const json = JSON.stringify(answer);
    if (teamIds.every((teamId) => teamId === null)) this.boards.keepSerializedPage(profiles, key, json);
    return this.sendJson(response, json);
  }

  /** A body serialized already: sent as a returned object would be (same content type). */
  private sendJson(response: FastifyReply, json: string): string {
    response.type('application/json; charset=utf-8');
    return json;
  }

  @Get(':public_id/leaderboard_history')
  @Auth('profile')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_leaderboard_history', summary: "The requesting profile's scores for every period since it joined" })
  @ApiOkResponse({ type: LeaderboardHistory })
  @ApiProblemResponses(400, 404)
  async leaderboardHistory(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string): Promise<LeaderboardHistory> {
    const challenge = await this.views.visible(principal, id);
    const profileId = requesterOf(principal) as string;
    const member = await this.memberships.find(challenge.id, profileId);
    if (!member) throw new MembershipError(MembershipErrorCode.NotMember, `Profile ${profileId} is not a member of challenge ${id}.`, profileId);
    const entries = await this.history.execute({ challenge, member });
    return { challenge: challenge.id, profile: profileId, results: entries.map(presentHistoryEntry) };
  }

  @Get(':public_id/periods')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_periods', summary: 'The periods of the challenge; date_range is their index' })
  @ApiOkResponse({ type: [ChallengePeriodView] })
  @ApiProblemResponses(400, 404)
  async periods(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string): Promise<ChallengePeriodView[]> {
    const challenge = await this.views.visible(principal, id);
    const current = this.currentIndex(challenge);
    return PeriodCalendar.of(challenge).periods.map((period) => presentPeriod(period, current));
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
    const { challenge, leaderboardVersion: version } = await this.views.visibleWithVersion(principal, id);
    const teams = await this.boards.board(challenge, 'teams', query.date_range, undefined, version);
    const requester = requesterOf(principal);
    const board = this.boards.page(teams, query.limit ?? DEFAULT_LIMIT, query.offset ?? 0, requester && (teams.teamOf.get(requester) ?? null));
    const names = await this.reads.teamNames(principal.appId, [...board.results, ...(board.requester ? [board.requester] : [])].map((e) => e.teamId));
    const page = offsetPage(url, query, board.count, board.results.map((e) => presentTeamEntry(e, names)));
    return {
      ...page,
      period: presentPeriod(teams.period, this.currentIndex(challenge)),
      requester: board.requester ? presentTeamEntry(board.requester, names) : null,
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
    const { challenge, leaderboardVersion: version } = await this.views.visibleWithVersion(principal, id);
    const names = await this.reads.teamNames(principal.appId, [teamId]);
    if (!names.has(teamId)) throw TeamError.notFound(teamId);
    const contributions = await this.boards.board(challenge, 'team_members', query.date_range, teamId, version);
    const teams = await this.boards.board(challenge, 'teams', query.date_range, undefined, version);
    const own = teams.table.find(teamId);
    const entries = contributions.table.slice(0, contributions.table.size);
    const infos = await this.reads.membersByIds(challenge.id, entries.map((e) => e.profileId as string));
    return {
      team: teamRef(teamId, names) as { public_id: string; name: string },
      period: presentPeriod(contributions.period, this.currentIndex(challenge)),
      progress: own?.progress ?? 0,
      count: entries.length,
      results: entries.map((e) => presentProfileEntry(e, infos.get(e.profileId as string), names, url)),
    };
  }

  // ---------- helpers ----------

  private async present(challenge: Challenge, principal: Principal, url: ApiUrl): Promise<ChallengeView> {
    const facts = await this.views.facts(challenge, principal);
    const members = await this.views.members(challenge.id, MEMBER_PREVIEW, 0);
    return { ...presentChallengeItem(facts, url), members: members.map((member) => presentMember(member, url)) };
  }

  private async update(principal: Principal, stored: Challenge, definition: ReturnType<typeof toDefinition>, url: ApiUrl) {
    const { challenge, rescore } = await this.updateChallenge.execute({ appId: principal.appId, challengeId: stored.id, definition });
    if (rescore) await this.scoring.rescoreMembers(challenge);
    // Becoming AUTOMATIC enrolls the app's profiles (those who left stay out).
    if (stored.enrollmentMethod !== 'AUTOMATIC') await this.enrollEveryone(challenge);
    return this.present(challenge, principal, url);
  }

  /** AUTOMATIC challenges enroll the app's existing profiles; each new member's data is scored. */
  private async enrollEveryone(challenge: Challenge): Promise<void> {
    if (challenge.enrollmentMethod !== 'AUTOMATIC' || this.clock.now().getTime() >= challenge.end.getTime()) return;
    const result = await this.enrollAutomatic.execute({ appId: challenge.appId, challengeId: challenge.id });
    await this.scoring.rescoreMembers(challenge, result.enrolled.map((member) => member.profileId));
  }

  private async enrolOne(principal: Principal, id: string, body: MemberBody): Promise<MemberResult> {
    assertProfileAccess(principal, body.profile, true);
    const challenge = await this.views.visible(principal, id);
    const member = await this.join.execute({
      appId: principal.appId,
      challengeId: challenge.id,
      profileId: body.profile,
      teamId: body.team,
      by: principal.kind,
    });
    await this.scoring.rescoreMembers(challenge, [member.profileId]);
    return { profile: member.profileId, team: member.teamId };
  }

  private async enrolMany(principal: Principal, id: string, body: MembersBody): Promise<MembersResult> {
    const result = await this.addMembers.execute({ appId: principal.appId, challengeId: id, profileIds: body.profiles, teamId: body.team });
    const challenge = await this.views.visible(principal, id);
    await this.scoring.rescoreMembers(challenge, result.added.map((member) => member.profileId));
    return { profiles: [...new Set(body.profiles)], team: body.team ?? null };
  }

  private async setOneActive(principal: Principal, id: string, query: DeactivateQuery, body: DeactivateMemberBody) {
    const profileId = query.profile ?? body.profile;
    if (profileId === undefined) {
      throw new RequestValidationError([{ field: 'profile', message: 'profile is required (query parameter or body field)' }]);
    }
    if (query.profile !== undefined && body.profile !== undefined && query.profile !== body.profile) {
      throw new RequestValidationError([{ field: 'profile', message: 'the profile query parameter and body field differ' }]);
    }
    assertProfileAccess(principal, profileId, true);
    await this.views.visible(principal, id);
    const isActive = query.is_active ?? body.is_active ?? false;
    const { member } = await this.setActive.execute({ appId: principal.appId, challengeId: id, profileId, isActive });
    return { profile: member.profileId, team: member.teamId, is_active: isActive };
  }

  private async setManyActiveFor(principal: Principal, id: string, query: DeactivateQuery, body: DeactivateMembersBody) {
    const profileIds = [...new Set([...body.profiles, ...(query.profile ? [query.profile] : [])])];
    for (const profileId of profileIds) assertProfileAccess(principal, profileId, true);
    await this.views.visible(principal, id);
    const isActive = query.is_active ?? body.is_active ?? false;
    await this.setManyActive.execute({ appId: principal.appId, challengeId: id, profileIds, isActive });
    return { profiles: profileIds, team: query.team ?? body.team ?? null, is_active: isActive };
  }

  private currentIndex(challenge: Challenge): number {
    return PeriodCalendar.of(challenge).indexAt(this.clock.now());
  }
}
