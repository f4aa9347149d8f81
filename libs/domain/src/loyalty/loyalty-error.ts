import { DomainError } from '../shared/domain-error';

export enum LoyaltyErrorCode {
  ProductNotFound = 'loyalty.product_not_found',
  /** A rule that names something the app does not have (e.g. another app's challenge). */
  InvalidProduct = 'loyalty.invalid_product',
  CatalogueFull = 'loyalty.catalogue_full',
  InvalidShopTemplate = 'loyalty.invalid_shop_template',
  /** The app has set no shop URL template, so no cart link can be built. */
  ShopNotConfigured = 'loyalty.shop_not_configured',
}

export class LoyaltyError extends DomainError<LoyaltyErrorCode> {
  constructor(code: LoyaltyErrorCode, message: string, readonly field: string | null = null) {
    super(code, message);
  }

  static productNotFound(id: string): LoyaltyError {
    return new LoyaltyError(LoyaltyErrorCode.ProductNotFound, `No product ${id} in this app.`);
  }
}
