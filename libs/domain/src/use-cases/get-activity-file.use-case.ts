import {
  ActivityFile, ActivityFileError, ActivityFileFormat, activityFileFormats, buildActivityFile, MAX_ACTIVITY_FILE_POINTS,
} from '../documents/activity-file';
import { Principal } from '../identity/principal';
import { HealthRecordRepository } from '../ports/health-record-repository';
import { GetProfileUseCase } from './get-profile.use-case';

export interface GetActivityFileInput {
  readonly principal: Principal;
  readonly profileId: string;
  /** The workout's record id. */
  readonly activityId: string;
  /** Absent: GPX when the workout has a track, else TCX. */
  readonly format?: ActivityFileFormat;
}

export interface ActivityFileToWrite {
  readonly file: ActivityFile;
  readonly format: ActivityFileFormat;
}

/**
 * One workout of the profile with its track and heart-rate samples, for writing as a file.
 * Another profile's workout, or a workout without samples, is not found.
 */
export class GetActivityFileUseCase {
  constructor(
    private readonly getProfile: GetProfileUseCase,
    private readonly records: HealthRecordRepository,
  ) {}

  async execute(input: GetActivityFileInput): Promise<ActivityFileToWrite> {
    const profile = await this.getProfile.execute(input.principal, input.profileId, true);
    const scope = { appId: profile.appId, profileId: profile.id };
    const [workout] = await this.records.list({ ...scope, type: 'workout', ids: [input.activityId], withActivityFile: 'samples', direction: 'forward', limit: 1 });
    if (!workout) throw ActivityFileError.notFound(input.activityId);
    // One more than fits tells the file it was cut; samples of other workouts in the span are left out afterwards.
    const track = await this.records.list({
      ...scope, type: 'track_sample', source: workout.source, from: workout.time, to: workout.endTime as Date, // a workout always has its end (start + duration)
      direction: 'forward', limit: MAX_ACTIVITY_FILE_POINTS + 1,
    });
    const file = buildActivityFile(workout, track);
    const offered = activityFileFormats(file.points.some((p) => p.latitude !== null));
    const format = input.format ?? offered[0];
    if (!offered.includes(format)) throw ActivityFileError.formatUnavailable(format, offered);
    return { file, format };
  }
}
