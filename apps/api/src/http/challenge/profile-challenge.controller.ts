import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Principal } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ChallengeFacts, ChallengeViews } from '../../gamification/challenge-views';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { ProfileChallengeList, ProfileChallengeQuery } from './challenge.dto';
import { presentChallengeItem } from './challenge.presenter';

const PublicId = () => ApiParam({ name: 'public_id', format: 'uuid', description: 'The profile public_id.' });

/** ProfileChallengeList: a profile's challenges (its own bearer). */
@ApiTags('Profile')
@Controller('profile')
export class ProfileChallengeController {
  constructor(private readonly views: ChallengeViews) {}

  @Get(':public_id/challenge')
  @Auth('own-profile')
  @PublicId()
  @ApiOperation({
    operationId: 'profile_challenge_list',
    summary: 'Challenges the profile has joined (ended ones included) or can join (PUBLIC, not ended, within date_start..date_end)',
  })
  @ApiOkResponse({ type: ProfileChallengeList })
  @ApiProblemResponses(400, 404)
  async joinable(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Query() query: ProfileChallengeQuery,
    @RequestUrl() url: ApiUrl,
  ): Promise<ProfileChallengeList> {
    const window = {
      from: query.date_start ? new Date(query.date_start) : undefined,
      to: query.date_end ? new Date(query.date_end) : null,
      recentWeeks: query.recent,
    };
    return present(await this.views.forProfile(principal, id, window), url);
  }

  @Get(':public_id/challenges')
  @Auth('own-profile')
  @PublicId()
  @ApiOperation({ operationId: 'profile_challenges', summary: 'Challenges the profile has joined' })
  @ApiOkResponse({ type: ProfileChallengeList })
  @ApiProblemResponses(400, 404)
  async joined(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @RequestUrl() url: ApiUrl) {
    return present(await this.views.forProfile(principal, id, 'joined'), url);
  }
}

function present(list: readonly { facts: ChallengeFacts; joined: boolean }[], url: ApiUrl): ProfileChallengeList {
  return { count: list.length, results: list.map(({ facts, joined }) => ({ ...presentChallengeItem(facts, url), joined })) };
}
