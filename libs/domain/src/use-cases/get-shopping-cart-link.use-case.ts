import { LoyaltyError, LoyaltyErrorCode } from '../loyalty/loyalty-error';
import { Product } from '../loyalty/product';
import { buildCartLink, MAX_CART_ITEMS } from '../loyalty/shop-template';
import { ShopSettingsRepository } from '../ports/shop-settings-repository';
import { GetRecommendedProductsUseCase } from './get-recommended-products.use-case';

export interface ShoppingCartLink {
  readonly url: string;
  /** The recommended products the link carries, best first (at most 20). */
  readonly items: readonly Product[];
}

/** GET loyalty/get_shoppingcart_link: the app's shop template filled with the profile's recommended items. */
export class GetShoppingCartLinkUseCase {
  constructor(
    private readonly shop: ShopSettingsRepository,
    private readonly recommended: GetRecommendedProductsUseCase,
  ) {}

  async execute(input: { readonly appId: string; readonly profileId: string }): Promise<ShoppingCartLink> {
    const template = await this.shop.findTemplate(input.appId);
    if (template === null) {
      throw new LoyaltyError(LoyaltyErrorCode.ShopNotConfigured, 'The app has no shop URL template yet (the administrator sets it with PUT /app/shop/).');
    }
    const items = (await this.recommended.execute(input)).slice(0, MAX_CART_ITEMS).map((r) => r.product);
    return { url: buildCartLink(template, items.map((p) => p.sku), input.profileId), items };
  }
}
