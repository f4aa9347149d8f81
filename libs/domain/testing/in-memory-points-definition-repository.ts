import { PointsDefinition } from '../src/points/points-definition';
import { PointsDefinitionRepository } from '../src/ports/points-repository';

export class InMemoryPointsDefinitionRepository implements PointsDefinitionRepository {
  readonly definitions = new Map<string, PointsDefinition>();

  async findByApp(appId: string): Promise<PointsDefinition | null> {
    return this.definitions.get(appId) ?? null;
  }

  async save(definition: PointsDefinition): Promise<void> {
    this.definitions.set(definition.appId, definition);
  }
}
