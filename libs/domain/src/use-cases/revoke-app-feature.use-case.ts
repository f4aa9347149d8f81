import { AppFeatureError, isAppFeature } from '../features/app-feature';
import { AppFeatureRepository } from '../ports/app-feature-repository';
import { AppRepository } from '../ports/app-repository';
import { AppFeatureChange } from './grant-app-feature.use-case';

/** Operator command: takes a feature back from the app of a client id (idempotent). */
export class RevokeAppFeatureUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly features: AppFeatureRepository,
  ) {}

  /** Returns whether the feature had been granted. */
  async execute(input: AppFeatureChange): Promise<boolean> {
    if (!isAppFeature(input.feature)) throw AppFeatureError.unknownFeature(input.feature);
    const app = await this.apps.findByClientId(input.clientId);
    if (!app) throw AppFeatureError.unknownApp(input.clientId);
    return this.features.revoke(app.id, input.feature);
  }
}
