import { AppFeatureError, isAppFeature } from '../features/app-feature';
import { AppFeatureRepository } from '../ports/app-feature-repository';
import { AppRepository } from '../ports/app-repository';
import { Clock } from '../ports/clock';

export interface AppFeatureChange {
  readonly clientId: string;
  readonly feature: string;
}

/** Operator command: grants a feature to the app of a client id (idempotent). */
export class GrantAppFeatureUseCase {
  constructor(
    private readonly apps: AppRepository,
    private readonly features: AppFeatureRepository,
    private readonly clock: Clock,
  ) {}

  /** Returns whether the grant is new. */
  async execute(input: AppFeatureChange): Promise<boolean> {
    if (!isAppFeature(input.feature)) throw AppFeatureError.unknownFeature(input.feature);
    const app = await this.apps.findByClientId(input.clientId);
    if (!app) throw AppFeatureError.unknownApp(input.clientId);
    return this.features.grant(app.id, input.feature, this.clock.now());
  }
}
