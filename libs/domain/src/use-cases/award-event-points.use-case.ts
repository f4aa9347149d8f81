import { requireProfile } from '../membership/lookups';
import { PointsEvent, PointsEventFields, createPointsEvent } from '../points/points-event';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { PointsEventRepository } from '../ports/points-event-repository';
import { ProfileRepository } from '../ports/profile-repository';

export interface AwardEventPointsInput extends PointsEventFields {
  readonly appId: string;
}

/**
 * POST profile/{id}/event/ (administrator): records an event that awards points. The host then
 * rescores the profile's running challenges and refreshes total_points
 * (ComputeTotalPointsUseCase) to make the points visible.
 */
export class AwardEventPointsUseCase {
  constructor(
    private readonly events: PointsEventRepository,
    private readonly profiles: ProfileRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: AwardEventPointsInput): Promise<PointsEvent> {
    await requireProfile(this.profiles, input.appId, input.profileId);
    const event = createPointsEvent(this.ids.uuid(), input, this.clock.now());
    await this.events.save(event);
    return event;
  }
}
