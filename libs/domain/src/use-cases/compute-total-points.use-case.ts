import { requireProfile } from '../membership/lookups';
import { PointsBreakdown, totalPoints } from '../points/points-calculator';
import { defaultPointsDefinition } from '../points/points-definition';
import { ActivityRepository } from '../ports/activity-repository';
import { PointsEventRepository } from '../ports/points-event-repository';
import { PointsDefinitionRepository } from '../ports/points-repository';
import { ProfileRepository } from '../ports/profile-repository';

export interface ComputeTotalPointsInput {
  readonly appId: string;
  readonly profileId: string;
}

/**
 * Recomputes a profile's total_points from all its records under the app's current points
 * definition and stores it on the profile when it changed (profiles are listed and ordered
 * by it). Run it after an ingestion, an event, or a change of the points definition.
 */
export class ComputeTotalPointsUseCase {
  constructor(
    private readonly definitions: PointsDefinitionRepository,
    private readonly activities: ActivityRepository,
    private readonly events: PointsEventRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(input: ComputeTotalPointsInput): Promise<PointsBreakdown> {
    const profile = await requireProfile(this.profiles, input.appId, input.profileId);
    const definition = (await this.definitions.findByApp(input.appId)) ?? defaultPointsDefinition(input.appId);
    const breakdown = totalPoints(definition, {
      dailySummaries: await this.activities.listDailySummaries(profile.id),
      workouts: await this.activities.listWorkouts(profile.id),
      events: await this.events.listByProfile(profile.id),
    });
    if (breakdown.total !== profile.totalPoints) await this.profiles.setTotalPoints(profile.appId, profile.id, breakdown.total);
    return breakdown;
  }
}
