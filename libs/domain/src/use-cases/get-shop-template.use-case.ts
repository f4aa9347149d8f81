import { ShopSettingsRepository } from '../ports/shop-settings-repository';

/** GET app/shop/: the app's shop URL template, null while none is set. */
export class GetShopTemplateUseCase {
  constructor(private readonly shop: ShopSettingsRepository) {}

  execute(input: { readonly appId: string }): Promise<string | null> {
    return this.shop.findTemplate(input.appId);
  }
}
