import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AddChallengeMembersUseCase, assertProfileAccess, JoinChallengeUseCase, LeaveChallengeUseCase, Principal, RemoveChallengeMembersUseCase,
  SetMemberActiveUseCase, SetMembersActiveUseCase,
} from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ChallengeViews } from '../../gamification/challenge-views';
import { RemoveMembersResult } from './member-list.dto';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { RequestValidationError } from '../problem/request-validation.error';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { DEFAULT_LIMIT, offsetPage } from '../shared/offset-page';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { PublicId } from './challenge.controller';
import {
  ChallengeWithMembersView, DeactivateMemberBody, DeactivateMemberResult, DeactivateMembersBody, DeactivateMembersResult, DeactivateQuery,
  MemberBody, MemberQuery, MemberResult, MembersBody, MembersPageQuery, MembersResult, RemoveMembersBody,
} from './challenge-membership.dto';
import { presentChallengeItem, presentMember } from './challenge.presenter';

/** Challenge membership: member/, members/, remove_members/, deactivate_member(s)/. */
@ApiTags('Challenge')
@Controller('challenge')
export class ChallengeMembershipController {
  constructor(
    private readonly views: ChallengeViews,
    private readonly join: JoinChallengeUseCase,
    private readonly leave: LeaveChallengeUseCase,
    private readonly addMembers: AddChallengeMembersUseCase,
    private readonly removeMembers: RemoveChallengeMembersUseCase,
    private readonly setActive: SetMemberActiveUseCase,
    private readonly setManyActive: SetMembersActiveUseCase,
  ) {}

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
  @ApiOperation({
    operationId: 'challenge_member_update',
    summary: 'Same as POST member/, but idempotent: an existing membership answers 200 as stored (another team than the stored one: 409)',
  })
  @ApiOkResponse({ type: MemberResult })
  @ApiProblemResponses(404, 409)
  async putMember(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: MemberBody) {
    return this.enrolOne(principal, id, body, true);
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
    await this.leave.execute({ appId: principal.appId, challengeId: id, profileId: query.profile, by: principal.kind });
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
    const { facts, members } = await this.views.membersPage(principal, id, query.limit ?? DEFAULT_LIMIT, query.offset ?? 0);
    const links = offsetPage(url, query, facts.numMembers, []);
    return {
      ...presentChallengeItem(facts, url),
      members: members.map((member) => presentMember(member, url, principal)),
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
  @ApiOperation({
    operationId: 'challenge_remove_members',
    summary: 'Remove many members at once (all or nothing: an unknown profile is 404; AUTOMATIC challenges: they are opted out)',
  })
  @ApiCreatedResponse({ type: RemoveMembersResult })
  @ApiProblemResponses(404, 409)
  async removeMany(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Body() body: RemoveMembersBody,
  ): Promise<RemoveMembersResult> {
    const result = await this.removeMembers.execute({ appId: principal.appId, challengeId: id, profileIds: body.profiles });
    return { profiles: [...result.removed], ...(result.notMembers.length > 0 ? { not_members: [...result.notMembers] } : {}) };
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

  private async enrolOne(principal: Principal, id: string, body: MemberBody, idempotent = false): Promise<MemberResult> {
    assertProfileAccess(principal, body.profile, true);
    const member = await this.join.execute({
      appId: principal.appId, challengeId: id, profileId: body.profile, teamId: body.team, by: principal.kind, idempotent,
    });
    return { profile: member.profileId, team: member.teamId };
  }

  private async enrolMany(principal: Principal, id: string, body: MembersBody): Promise<MembersResult> {
    await this.addMembers.execute({ appId: principal.appId, challengeId: id, profileIds: body.profiles, teamId: body.team });
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
    const isActive = query.is_active ?? body.is_active ?? false;
    const { member } = await this.setActive.execute({ appId: principal.appId, challengeId: id, profileId, isActive, by: principal.kind });
    return { profile: member.profileId, team: member.teamId, is_active: isActive };
  }

  private async setManyActiveFor(principal: Principal, id: string, query: DeactivateQuery, body: DeactivateMembersBody) {
    const profileIds = [...new Set([...body.profiles, ...(query.profile ? [query.profile] : [])])];
    for (const profileId of profileIds) assertProfileAccess(principal, profileId, true);
    const isActive = query.is_active ?? body.is_active ?? false;
    await this.setManyActive.execute({ appId: principal.appId, challengeId: id, profileIds, isActive, by: principal.kind });
    return { profiles: profileIds, team: query.team ?? body.team ?? null, is_active: isActive };
  }
}
