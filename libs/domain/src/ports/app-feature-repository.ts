import { AppFeature } from '../features/app-feature';

/** The features granted to each app (one row per app and feature). */
export interface AppFeatureRepository {
  isGranted(appId: string, feature: AppFeature): Promise<boolean>;
  /** Grants the feature; granting it again keeps the first grant's time. Returns whether it was new. */
  grant(appId: string, feature: AppFeature, at: Date): Promise<boolean>;
  /** Returns whether the feature had been granted. */
  revoke(appId: string, feature: AppFeature): Promise<boolean>;
}
