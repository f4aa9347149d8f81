import { PointsDefinition, validatePointsDefinition } from '../points/points-definition';
import { PointsDefinitionRepository } from '../ports/points-repository';

/**
 * PUT app/points/ (administrator): replaces the app's points definition after validating
 * it. Profiles' total_points follow on their next ComputeTotalPointsUseCase run.
 */
export class SetPointsDefinitionUseCase {
  constructor(private readonly definitions: PointsDefinitionRepository) {}

  async execute(input: { readonly definition: PointsDefinition }): Promise<PointsDefinition> {
    const definition = validatePointsDefinition(input.definition);
    await this.definitions.save(definition);
    return definition;
  }
}
