import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  CreateProfileUseCase, DeleteProfileUseCase, GetProfileUseCase, ListProfilesUseCase, Principal, UpdateProfileUseCase,
} from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { DEFAULT_LIMIT, offsetPage } from '../shared/offset-page';
import { UuidParamPipe } from '../shared/uuid-param.pipe';
import { CreatedProfileView, ProfileBody, ProfileList, ProfileListQuery, ProfilePatchBody, ProfileView } from './profile.dto';
import { presentProfile } from './profile.presenter';

const PublicId = () => ApiParam({ name: 'public_id', format: 'uuid', description: 'The profile public_id.' });

@ApiTags('Profile')
@Controller('profile')
export class ProfileController {
  constructor(
    private readonly createProfile: CreateProfileUseCase,
    private readonly getProfile: GetProfileUseCase,
    private readonly listProfiles: ListProfilesUseCase,
    private readonly updateProfile: UpdateProfileUseCase,
    private readonly deleteProfile: DeleteProfileUseCase,
  ) {}

  @Get()
  @Auth('either')
  @ApiOperation({ operationId: 'profile_list', summary: "List the app's profiles (a profile bearer sees only itself)" })
  @ApiOkResponse({ type: ProfileList })
  @ApiProblemResponses(400)
  async list(@CurrentPrincipal() principal: Principal, @Query() query: ProfileListQuery, @RequestUrl() url: ApiUrl) {
    const page = await this.listProfiles.execute(principal, {
      search: query.search,
      ordering: query.ordering,
      limit: query.limit ?? DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
    return offsetPage(url, query, page.count, page.items.map((profile) => presentProfile(profile, url)));
  }

  @Post()
  @Auth('admin')
  @ApiOperation({ operationId: 'profile_create', summary: 'Create a profile; the response carries its bearer, once' })
  @ApiCreatedResponse({ type: CreatedProfileView })
  async create(@CurrentPrincipal() principal: Principal, @Body() body: ProfileBody, @RequestUrl() url: ApiUrl): Promise<CreatedProfileView> {
    const { profile, bearer } = await this.createProfile.execute({
      appId: principal.appId,
      fields: { name: body.name, gender: body.gender ?? null, reference: body.reference ?? '' },
    });
    return { ...presentProfile(profile, url), bearer };
  }

  @Get(':public_id')
  @Auth('own-profile')
  @PublicId()
  @ApiOperation({ operationId: 'profile_read', summary: 'Read a profile (its own bearer)' })
  @ApiOkResponse({ type: ProfileView })
  @ApiProblemResponses(400, 404)
  async read(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string, @RequestUrl() url: ApiUrl) {
    return presentProfile(await this.getProfile.execute(principal, id), url);
  }

  @Put(':public_id')
  @Auth('own-profile')
  @PublicId()
  @ApiOperation({ operationId: 'profile_update', summary: 'Replace the writable fields of a profile' })
  @ApiOkResponse({ type: ProfileView })
  @ApiProblemResponses(404)
  async replace(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Body() body: ProfileBody,
    @RequestUrl() url: ApiUrl,
  ) {
    const fields = { name: body.name, gender: body.gender ?? null, reference: body.reference ?? '' };
    return presentProfile(await this.updateProfile.execute(principal, id, fields), url);
  }

  @Patch(':public_id')
  @Auth('own-profile')
  @PublicId()
  @ApiOperation({ operationId: 'profile_partial_update', summary: 'Change some writable fields of a profile' })
  @ApiOkResponse({ type: ProfileView })
  @ApiProblemResponses(404)
  async patch(
    @CurrentPrincipal() principal: Principal,
    @Param('public_id', UuidParamPipe) id: string,
    @Body() body: ProfilePatchBody,
    @RequestUrl() url: ApiUrl,
  ) {
    const fields = { name: body.name, gender: body.gender, reference: body.reference };
    return presentProfile(await this.updateProfile.execute(principal, id, fields), url);
  }

  @Delete(':public_id')
  @Auth('either')
  @PublicId()
  @HttpCode(204)
  @ApiOperation({ operationId: 'profile_delete', summary: "Delete one of the app's profiles; its bearer stops working" })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiProblemResponses(400, 404)
  async remove(@CurrentPrincipal() principal: Principal, @Param('public_id', UuidParamPipe) id: string): Promise<void> {
    await this.deleteProfile.execute(principal, id);
  }
}
