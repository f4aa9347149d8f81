import { PointsDefinition, validatePointsDefinition } from '../points/points-definition';
import { UnitOfWork } from '../ports/unit-of-work';

/**
 * PUT app/points/ (administrator): replaces the app's points definition after validating it and,
 * in the same transaction, asks for the points.recount job (every profile's total_points, then
 * the running POINTS challenges): work that grows with the app never runs in the request.
 */
export class SetPointsDefinitionUseCase {
  constructor(private readonly unitOfWork: UnitOfWork) {}

  async execute(input: { readonly definition: PointsDefinition }): Promise<PointsDefinition> {
    const definition = validatePointsDefinition(input.definition);
    await this.unitOfWork.run(async (ports) => {
      await ports.pointsDefinitions.save(definition);
      await ports.jobs.enqueue({ type: 'points.recount', appId: definition.appId });
    });
    return definition;
  }
}
