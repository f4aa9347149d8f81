import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetShopTemplateUseCase, Principal, SetShopTemplateUseCase } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { withLoyaltyFieldErrors } from './loyalty-field-errors';
import { ShopSettingsBody, ShopSettingsView } from './product.dto';

/** The app's shop URL template, from which loyalty cart links are built. */
@ApiTags('Loyalty')
@Controller('app/shop')
export class ShopController {
  constructor(
    private readonly getTemplate: GetShopTemplateUseCase,
    private readonly setTemplate: SetShopTemplateUseCase,
  ) {}

  @Get()
  @Auth('admin')
  @ApiOperation({ operationId: 'app_shop_read', summary: "The app's shop URL template (null until set)" })
  @ApiOkResponse({ type: ShopSettingsView })
  @ApiProblemResponses(400)
  async read(@CurrentPrincipal() principal: Principal): Promise<ShopSettingsView> {
    return { url_template: await this.getTemplate.execute({ appId: principal.appId }) };
  }

  @Put()
  @Auth('admin')
  @ApiOperation({
    operationId: 'app_shop_update',
    summary: "Set the app's shop URL template",
    description: 'https only, no credentials, placeholders {items} (required), {profile} and {count} only, none in the host.',
  })
  @ApiOkResponse({ type: ShopSettingsView })
  @ApiProblemResponses(400)
  async replace(@CurrentPrincipal() principal: Principal, @Body() body: ShopSettingsBody): Promise<ShopSettingsView> {
    return { url_template: await withLoyaltyFieldErrors(() => this.setTemplate.execute({ appId: principal.appId, template: body.url_template })) };
  }
}
