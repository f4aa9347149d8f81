import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  AddTeamMembersUseCase, assertProfileAccess, CreateTeamUseCase, DeleteTeamUseCase, JoinTeamUseCase, LeaveTeamUseCase, Principal,
  RemoveTeamMembersUseCase, RenameTeamUseCase, seesPersonalFieldsOf, Team,
} from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { TeamDetail, TeamViews } from '../../gamification/team-views';
import { BoundedOffsetPageQuery } from '../challenge/input-rules';
import { RemoveMembersResult } from '../challenge/member-list.dto';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { DEFAULT_LIMIT, offsetPage } from '../shared/offset-page';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import {
  TeamBody, TeamList, TeamListItem, TeamMemberBody, TeamMemberQuery, TeamMembersBody, TeamPatchBody, TeamView,
} from './team.dto';

const PublicId = () => ApiParam({ name: 'public_id', format: 'uuid', description: 'The team public_id.' });

@ApiTags('Team')
@Controller('team')
export class TeamController {
  constructor(
    private readonly views: TeamViews,
    private readonly createTeam: CreateTeamUseCase,
    private readonly renameTeam: RenameTeamUseCase,
    private readonly deleteTeam: DeleteTeamUseCase,
    private readonly joinTeam: JoinTeamUseCase,
    private readonly leaveTeam: LeaveTeamUseCase,
    private readonly addMembers: AddTeamMembersUseCase,
    private readonly removeMembers: RemoveTeamMembersUseCase,
  ) {}

  @Get()
  @Auth('either')
  @ApiOperation({ operationId: 'team_list', summary: "List the app's teams, oldest first" })
  @ApiOkResponse({ type: TeamList })
  @ApiProblemResponses(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: BoundedOffsetPageQuery, @RequestUrl() url: ApiUrl) {
    const page = await this.views.page(principal.appId, query.limit ?? DEFAULT_LIMIT, query.offset ?? 0);
    return offsetPage(url, query, page.count, page.items.map(({ team, numMembers }) => this.item(team, numMembers, url)));
  }

  @Post()
  @Auth('either')
  @ApiOperation({ operationId: 'team_create', summary: 'Create a team' })
  @ApiCreatedResponse({ type: TeamView })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: TeamBody, @RequestUrl() url: ApiUrl) {
    return this.present(await this.views.withMembers(await this.createTeam.execute({ appId: principal.appId, name: body.name })), principal, url);
  }

  @Get(':public_id')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'team_read', summary: 'Read a team with its members' })
  @ApiOkResponse({ type: TeamView })
  @ApiProblemResponses(400, 404)
  async read(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @RequestUrl() url: ApiUrl) {
    return this.present(await this.views.detail(principal.appId, id), principal, url);
  }

  @Put(':public_id')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'team_update', summary: 'Rename a team' })
  @ApiOkResponse({ type: TeamView })
  @ApiProblemResponses(404)
  async replace(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: TeamBody, @RequestUrl() url: ApiUrl) {
    return this.present(await this.views.withMembers(await this.renameTeam.execute({ appId: principal.appId, teamId: id, name: body.name })), principal, url);
  }

  @Patch(':public_id')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'team_partial_update', summary: 'Change some fields of a team' })
  @ApiOkResponse({ type: TeamView })
  @ApiProblemResponses(404)
  async patch(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: TeamPatchBody, @RequestUrl() url: ApiUrl) {
    return this.present(await this.views.withMembers(await this.renameTeam.execute({ appId: principal.appId, teamId: id, name: body.name })), principal, url);
  }

  @Delete(':public_id')
  @Auth('either')
  @PublicId()
  @HttpCode(204)
  @ApiOperation({ operationId: 'team_delete', summary: 'Delete a team (refused while it plays in a challenge)' })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404, 409)
  async remove(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string): Promise<void> {
    await this.deleteTeam.execute({ appId: principal.appId, teamId: id });
  }

  @Post(':public_id/member')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'team_member_create', summary: 'Add one profile to the team (a profile bearer: itself)' })
  @ApiCreatedResponse({ type: TeamMemberBody })
  @ApiProblemResponses(404, 409)
  async addMember(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: TeamMemberBody) {
    return this.join(principal, id, body);
  }

  @Put(':public_id/member')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'team_member_update', summary: 'Same as POST member/, but idempotent: an existing membership answers 200' })
  @ApiOkResponse({ type: TeamMemberBody })
  @ApiProblemResponses(404, 409)
  async putMember(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: TeamMemberBody) {
    return this.join(principal, id, body, true);
  }

  @Delete(':public_id/member')
  @Auth('either')
  @PublicId()
  @HttpCode(204)
  @ApiOperation({ operationId: 'team_member_delete', summary: 'Remove one profile from the team' })
  @ApiNoContentResponse({ description: 'Removed.' })
  @ApiProblemResponses(400, 404)
  async removeMember(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Query() query: TeamMemberQuery) {
    assertProfileAccess(principal, query.profile, true);
    await this.leaveTeam.execute({ appId: principal.appId, teamId: id, profileId: query.profile });
  }

  @Post(':public_id/members')
  @Auth('admin')
  @PublicId()
  @ApiOperation({ operationId: 'team_members_create', summary: 'Add many profiles (all must exist; members are kept)' })
  @ApiCreatedResponse({ type: TeamMembersBody })
  @ApiProblemResponses(404)
  async addMany(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: TeamMembersBody) {
    return this.joinMany(principal, id, body);
  }

  @Put(':public_id/members')
  @Auth('admin')
  @PublicId()
  @ApiOperation({ operationId: 'team_members_update', summary: 'Same as POST members/' })
  @ApiOkResponse({ type: TeamMembersBody })
  @ApiProblemResponses(404)
  async putMany(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @Body() body: TeamMembersBody) {
    return this.joinMany(principal, id, body);
  }

  @Post(':public_id/remove_members')
  @Auth('admin')
  @PublicId()
  @ApiOperation({ operationId: 'team_remove_members', summary: 'Remove many profiles (an unknown profile is 404, nothing removed; non-members are reported)' })
  @ApiCreatedResponse({ type: RemoveMembersResult })
  @ApiProblemResponses(404)
  async removeMany(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Body() body: TeamMembersBody,
  ): Promise<RemoveMembersResult> {
    const result = await this.removeMembers.execute({ appId: principal.appId, teamId: id, profileIds: body.profiles });
    return { profiles: [...result.removed], ...(result.notMembers.length > 0 ? { not_members: [...result.notMembers] } : {}) };
  }

  private async join(principal: Principal, id: string, body: TeamMemberBody, idempotent = false): Promise<TeamMemberBody> {
    assertProfileAccess(principal, body.profile, true);
    await this.joinTeam.execute({ appId: principal.appId, teamId: id, profileId: body.profile, idempotent });
    return { profile: body.profile };
  }

  private async joinMany(principal: Principal, id: string, body: TeamMembersBody): Promise<TeamMembersBody> {
    await this.addMembers.execute({ appId: principal.appId, teamId: id, profileIds: body.profiles });
    return { profiles: [...new Set(body.profiles)] };
  }

  private item(team: Team, members: number, url: ApiUrl): TeamListItem {
    return { url: url.resource(`team/${team.id}/`), public_id: team.id, name: team.name, num_members: members };
  }

  /** Another profile's reference is empty and its gender null for a profile bearer (seesPersonalFieldsOf). */
  private present({ team, members }: TeamDetail, viewer: Principal, url: ApiUrl): TeamView {
    return {
      ...this.item(team, members.length, url),
      members: members.map((m) => {
        const personal = seesPersonalFieldsOf(viewer, m.profileId);
        return {
          url: url.resource(`profile/${m.profileId}/`),
          public_id: m.profileId,
          name: m.name,
          gender: personal ? m.gender : null,
          team: m.team,
          reference: personal ? m.reference : '',
        };
      }),
    };
  }
}
