import { PointsDefinition, defaultPointsDefinition } from '../points/points-definition';
import { PointsDefinitionRepository } from '../ports/points-repository';

/** GET app/points/: the app's definition, or the default one while it has not set its own. */
export class GetPointsDefinitionUseCase {
  constructor(private readonly definitions: PointsDefinitionRepository) {}

  async execute(input: { readonly appId: string }): Promise<PointsDefinition> {
    return (await this.definitions.findByApp(input.appId)) ?? defaultPointsDefinition(input.appId);
  }
}
