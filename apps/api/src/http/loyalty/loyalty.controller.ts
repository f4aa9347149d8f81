import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetRecommendedProductsUseCase, GetShoppingCartLinkUseCase, Principal } from '@strive/domain';
import { Auth, CurrentPrincipal } from '../../auth/auth.decorators';
import { BoundedOffsetPageQuery } from '../challenge/input-rules';
import { ApiProblemResponses } from '../problem/api-problem-responses';
import { ApiUrl, RequestUrl } from '../shared/api-url';
import { DEFAULT_LIMIT, OffsetPageOf, offsetPage } from '../shared/offset-page';
import { RecommendedProduct, ShoppingCart } from './product.dto';
import { presentRecommendation } from './product.presenter';

const RecommendedProducts = OffsetPageOf(RecommendedProduct, 'RecommendedProducts');
const profileOf = (principal: Principal) => (principal.kind === 'profile' ? principal.profileId : '');

/** What the catalogue offers the calling profile. */
@ApiTags('Loyalty')
@Controller('loyalty')
export class LoyaltyController {
  constructor(
    private readonly recommended: GetRecommendedProductsUseCase,
    private readonly cartLink: GetShoppingCartLinkUseCase,
  ) {}

  @Get('get_recommended_products')
  @Auth('profile')
  @ApiOperation({
    operationId: 'loyalty_get_recommended_products',
    summary: 'The active products whose rules the profile meets, best first',
    description: 'Scored from the profile\'s total_points, its workouts of the last 30 days and the challenge goals it reached (docs/loyalty.md).',
  })
  @ApiOkResponse({ type: RecommendedProducts })
  @ApiProblemResponses(400)
  async recommend(@CurrentPrincipal() principal: Principal, @Query() query: BoundedOffsetPageQuery, @RequestUrl() url: ApiUrl) {
    const all = await this.recommended.execute({ appId: principal.appId, profileId: profileOf(principal) });
    const offset = query.offset ?? 0;
    const page = all.slice(offset, offset + (query.limit ?? DEFAULT_LIMIT));
    return offsetPage(url, query, all.length, page.map((r) => presentRecommendation(r, url)));
  }

  @Get('get_shoppingcart_link')
  @Auth('profile')
  @ApiOperation({
    operationId: 'loyalty_get_shoppingcart_link',
    summary: "A link to the app's shop with the profile's recommended items (at most 20)",
    description: 'Built from the template set with PUT /app/shop/; 409 while the app has none.',
  })
  @ApiOkResponse({ type: ShoppingCart })
  @ApiProblemResponses(400, 409)
  async link(@CurrentPrincipal() principal: Principal): Promise<ShoppingCart> {
    const cart = await this.cartLink.execute({ appId: principal.appId, profileId: profileOf(principal) });
    return {
      url: cart.url,
      items: cart.items.map((p) => ({ id: p.id, sku: p.sku, name: p.name, price: p.price, currency: p.currency })),
      count: cart.items.length,
    };
  }
}
