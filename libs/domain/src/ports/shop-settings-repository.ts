/** The app's shop URL template (loyalty cart links); at most one per app. */
export interface ShopSettingsRepository {
  findTemplate(appId: string): Promise<string | null>;
  saveTemplate(appId: string, template: string): Promise<void>;
}
