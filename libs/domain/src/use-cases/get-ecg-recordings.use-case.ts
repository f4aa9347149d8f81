import { EcgError, EcgRecording, ECG_MAX_RECORDINGS, toEcgRecording } from '../documents/ecg-chart';
import { AppFeatureError } from '../features/app-feature';
import { Principal } from '../identity/principal';
import { Profile } from '../identity/profile';
import { AppFeatureRepository } from '../ports/app-feature-repository';
import { HealthRecordRepository } from '../ports/health-record-repository';
import { Source } from '../records/activity-records';
import { GetProfileUseCase } from './get-profile.use-case';

export interface GetEcgRecordingsInput {
  readonly principal: Principal;
  readonly profileId: string;
  /** A whole second (UTC): recordings that start within it are charted. */
  readonly at: Date;
  readonly source: Source;
}

export interface EcgRecordingsAt {
  readonly profile: Profile;
  readonly recordings: readonly EcgRecording[];
}

/**
 * The ECG recordings of a profile that start within one second, from one source (several
 * when a device records several leads at once), for the ECG PDF: only for apps the operator
 * granted `ecg_pdf`, only for the profile itself.
 */
export class GetEcgRecordingsUseCase {
  constructor(
    private readonly features: AppFeatureRepository,
    private readonly getProfile: GetProfileUseCase,
    private readonly records: HealthRecordRepository,
  ) {}

  async execute(input: GetEcgRecordingsInput): Promise<EcgRecordingsAt> {
    if (!(await this.features.isGranted(input.principal.appId, 'ecg_pdf'))) throw AppFeatureError.notGranted('ecg_pdf');
    const profile = await this.getProfile.execute(input.principal, input.profileId);
    const stored = await this.records.list({
      appId: profile.appId, profileId: profile.id, type: 'ecg_recordings', source: input.source,
      from: input.at, to: new Date(input.at.getTime() + 999), direction: 'forward', limit: ECG_MAX_RECORDINGS,
    });
    if (stored.length === 0) throw EcgError.noRecording(input.at, input.source);
    return { profile, recordings: stored.map(toEcgRecording) };
  }
}
