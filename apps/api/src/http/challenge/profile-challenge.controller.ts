import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { canSelfJoin, Challenge, ChallengeRepository, Clock, GetProfileUseCase, MembershipRepository, Principal } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ChallengeViews } from '../../gamification/challenge-views';
import { CHALLENGE_REPOSITORY, CLOCK, MEMBERSHIP_REPOSITORY } from '../../system/tokens';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { ProfileChallengeItem, ProfileChallengeList, ProfileChallengeQuery } from './challenge.dto';
import { presentChallengeItem } from './challenge.presenter';

const WEEK_MS = 7 * 86_400_000;
const PublicId = () => ApiParam({ name: 'public_id', format: 'uuid', description: 'The profile public_id.' });

/** ProfileChallengeList: a profile's challenges (its own bearer). */
@ApiTags('Profile')
@Controller('profile')
export class ProfileChallengeController {
  constructor(
    private readonly getProfile: GetProfileUseCase,
    private readonly views: ChallengeViews,
    @Inject(CHALLENGE_REPOSITORY) private readonly challenges: ChallengeRepository,
    @Inject(MEMBERSHIP_REPOSITORY) private readonly memberships: MembershipRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

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
    const profile = await this.getProfile.execute(principal, id);
    const now = this.clock.now();
    const from = query.date_start ? new Date(query.date_start) : now;
    const to = query.date_end ? new Date(query.date_end) : null;
    const recent = query.recent !== undefined ? now.getTime() - query.recent * WEEK_MS : null;
    const joined = await this.joinedIds(profile.id);
    const list = (await this.challenges.listByApp(profile.appId)).filter((challenge) => {
      if (recent !== null && challenge.end.getTime() <= recent) return false;
      if (joined.has(challenge.id)) return true;
      return (
        canSelfJoin(challenge, false, now) &&
        challenge.end.getTime() > from.getTime() &&
        (to === null || challenge.start.getTime() < to.getTime())
      );
    });
    return this.present(list, joined, principal, url);
  }

  @Get(':public_id/challenges')
  @Auth('own-profile')
  @PublicId()
  @ApiOperation({ operationId: 'profile_challenges', summary: 'Challenges the profile has joined' })
  @ApiOkResponse({ type: ProfileChallengeList })
  @ApiProblemResponses(400, 404)
  async joined(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @RequestUrl() url: ApiUrl) {
    const profile = await this.getProfile.execute(principal, id);
    const joined = await this.joinedIds(profile.id);
    const list = (await this.challenges.listByApp(profile.appId)).filter((challenge) => joined.has(challenge.id));
    return this.present(list, joined, principal, url);
  }

  private async joinedIds(profileId: string): Promise<Set<string>> {
    return new Set((await this.memberships.listByProfile(profileId)).map((member) => member.challengeId));
  }

  private async present(list: Challenge[], joined: Set<string>, principal: Principal, url: ApiUrl): Promise<ProfileChallengeList> {
    const results: ProfileChallengeItem[] = [];
    for (const challenge of list) {
      results.push({ ...presentChallengeItem(await this.views.facts(challenge, principal), url), joined: joined.has(challenge.id) });
    }
    return { count: results.length, results };
  }
}
