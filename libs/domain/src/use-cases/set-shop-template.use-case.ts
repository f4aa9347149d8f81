import { validateShopTemplate } from '../loyalty/shop-template';
import { ShopSettingsRepository } from '../ports/shop-settings-repository';

/** PUT app/shop/: sets the app's shop URL template after checking it. */
export class SetShopTemplateUseCase {
  constructor(private readonly shop: ShopSettingsRepository) {}

  async execute(input: { readonly appId: string; readonly template: string }): Promise<string> {
    validateShopTemplate(input.template);
    await this.shop.saveTemplate(input.appId, input.template);
    return input.template;
  }
}
