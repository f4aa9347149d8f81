import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CreateChallengeUseCase, DeleteChallengeUseCase, Principal, UpdateChallengeUseCase } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ChallengeDetail, ChallengeViews } from '../../gamification/challenge-views';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { DEFAULT_LIMIT, offsetPage } from '../shared/offset-page';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { ChallengeBody, ChallengeList, ChallengeListQuery, ChallengePatchBody, ChallengeView } from './challenge.dto';
import { presentChallengeItem, presentMember, toDefinition } from './challenge.presenter';

export const PublicId = () => ApiParam({ name: 'public_id', type: String, format: 'uuid', description: 'The challenge public_id.' });
/** Members shown in a challenge read (members/ pages through all of them). */
const MEMBER_PREVIEW = DEFAULT_LIMIT;

/** Challenge CRUD. Membership and leaderboards have their own controllers on the same path. */
@ApiTags('Challenge')
@Controller('challenge')
export class ChallengeController {
  constructor(
    private readonly views: ChallengeViews,
    private readonly createChallenge: CreateChallengeUseCase,
    private readonly updateChallenge: UpdateChallengeUseCase,
    private readonly deleteChallenge: DeleteChallengeUseCase,
  ) {}

  @Get()
  @Auth('either')
  @ApiOperation({ operationId: 'challenge_list', summary: "List the app's challenges (a profile bearer does not see PRIVATE challenges it is not in)" })
  @ApiOkResponse({ type: ChallengeList })
  @ApiProblemResponses(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ChallengeListQuery, @RequestUrl() url: ApiUrl) {
    const page = await this.views.listPage(principal, { recentWeeks: query.recent, limit: query.limit ?? DEFAULT_LIMIT, offset: query.offset ?? 0 });
    return offsetPage(url, query, page.count, page.items.map((facts) => presentChallengeItem(facts, url)));
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ operationId: 'challenge_create', summary: 'Create a challenge (AUTOMATIC: enrolls every profile of the app)' })
  @ApiCreatedResponse({ type: ChallengeView })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: ChallengeBody, @RequestUrl() url: ApiUrl): Promise<ChallengeView> {
    const challenge = await this.createChallenge.execute({ appId: principal.appId, definition: toDefinition(body) });
    return present(await this.views.detail(principal, challenge, MEMBER_PREVIEW), principal, url);
  }

  @Get(':public_id')
  @Auth('either')
  @PublicId()
  @ApiOperation({ operationId: 'challenge_read', summary: 'Read a challenge; goal_progress is seen from the requesting profile' })
  @ApiOkResponse({ type: ChallengeView })
  @ApiProblemResponses(400, 404)
  async read(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @RequestUrl() url: ApiUrl) {
    return present(await this.views.membersPage(principal, id, MEMBER_PREVIEW, 0), principal, url);
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
    const { challenge } = await this.updateChallenge.execute({ appId: principal.appId, challengeId: id, definition: toDefinition(body) });
    return present(await this.views.detail(principal, challenge, MEMBER_PREVIEW), principal, url);
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
    const { challenge } = await this.updateChallenge.execute({ appId: principal.appId, challengeId: id, definition: (stored) => toDefinition(body, stored) });
    return present(await this.views.detail(principal, challenge, MEMBER_PREVIEW), principal, url);
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
}

function present(detail: ChallengeDetail, principal: Principal, url: ApiUrl): ChallengeView {
  return { ...presentChallengeItem(detail.facts, url), members: detail.members.map((member) => presentMember(member, url, principal)) };
}
