import { AppFeature } from '../src/features/app-feature';
import { AppFeatureRepository } from '../src/ports/app-feature-repository';

export class InMemoryAppFeatureRepository implements AppFeatureRepository {
  /** "appId feature" -> time of the grant. */
  readonly grants = new Map<string, Date>();

  async isGranted(appId: string, feature: AppFeature): Promise<boolean> {
    return this.grants.has(`${appId} ${feature}`);
  }

  async grant(appId: string, feature: AppFeature, at: Date): Promise<boolean> {
    const key = `${appId} ${feature}`;
    if (this.grants.has(key)) return false;
    this.grants.set(key, at);
    return true;
  }

  async revoke(appId: string, feature: AppFeature): Promise<boolean> {
    return this.grants.delete(`${appId} ${feature}`);
  }
}
