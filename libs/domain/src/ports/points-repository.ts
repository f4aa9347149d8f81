import { PointsDefinition } from '../points/points-definition';

/** The app-level points definition (at most one per app). */
export interface PointsDefinitionRepository {
  /** null while the app has not set one (callers fall back to the default definition). */
  findByApp(appId: string): Promise<PointsDefinition | null>;
  save(definition: PointsDefinition): Promise<void>;
}
