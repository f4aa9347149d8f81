import { ShopSettingsRepository } from '../src/ports/shop-settings-repository';

/** In-memory twin of the shop settings (medium contract tests). */
export class InMemoryShopSettingsRepository implements ShopSettingsRepository {
  private readonly templates = new Map<string, string>();

  async findTemplate(appId: string): Promise<string | null> {
    return this.templates.get(appId) ?? null;
  }

  async saveTemplate(appId: string, template: string): Promise<void> {
    this.templates.set(appId, template);
  }
}
