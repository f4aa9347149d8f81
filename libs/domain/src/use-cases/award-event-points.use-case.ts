import { requireProfile } from '../membership/lookups';
import { PointsEvent, PointsEventFields, createPointsEvent } from '../points/points-event';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { ProfileRepository } from '../ports/profile-repository';
import { RecordActivityUseCase } from './record-activity.use-case';

export interface AwardEventPointsInput extends PointsEventFields {
  readonly appId: string;
}

/**
 * POST profile/{id}/event/ (administrator): records an event that awards points, through the
 * one write path, so total_points and the scores of the profile's challenges include it when
 * this answers.
 */
export class AwardEventPointsUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly recordActivity: RecordActivityUseCase,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: AwardEventPointsInput): Promise<PointsEvent> {
    await requireProfile(this.profiles, input.appId, input.profileId);
    const event = createPointsEvent(this.ids.uuid(), input, this.clock.now());
    await this.recordActivity.execute({ appId: input.appId, profileId: input.profileId, events: [event] });
    return event;
  }
}
