import { IngestionCounts } from '../records/ingestion';
import { HEALTH_DATA_TYPES, HealthDataType } from '../records/health-record';
import { HealthUpload, readHealthUpload } from '../records/health-upload';
import { assertProfileAccess } from '../identity/access-policy';
import { Principal } from '../identity/principal';
import { requireProfile } from '../membership/lookups';
import { ActivityChange } from '../ports/activity-change-listener';
import { Clock } from '../ports/clock';
import { ProfileRepository } from '../ports/profile-repository';
import { RecordActivityUseCase } from './record-activity.use-case';

export interface IngestHealthDataInput {
  /** The caller: the profile's own bearer or its app's administrator. */
  readonly principal: Principal;
  readonly profileId: string;
  /** The request body as received: validated here, as a whole. */
  readonly body: unknown;
}

export interface IngestHealthDataResult {
  /** Counts of every data type present in the upload. */
  readonly counts: Readonly<Partial<Record<HealthDataType, IngestionCounts>>>;
  /** What scoring looked at; null when no daily summary or workout was created or updated. */
  readonly change: ActivityChange | null;
}

/**
 * POST profile/{id}/data/: validates the whole upload (any problem: HealthDataError, nothing
 * stored), then hands the records to the one write path (RecordActivityUseCase), which stores
 * them and queues their scoring (points, then challenge scores) in one transaction.
 */
export class IngestHealthDataUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly recordActivity: RecordActivityUseCase,
    private readonly clock: Clock,
  ) {}

  async execute(input: IngestHealthDataInput): Promise<IngestHealthDataResult> {
    const { principal, profileId } = input;
    let upload: HealthUpload;
    try {
      assertProfileAccess(principal, profileId, true);
      upload = readHealthUpload(input.body, this.clock.now());
    } catch (error) {
      // A profile that is not the caller's app's is 404 whatever else is wrong with the request.
      await requireProfile(this.profiles, principal.appId, profileId);
      throw error;
    }
    // The write refuses records of a profile that is not the app's (HealthRecordRepository.upsert,
    // in its own statement): no lookup before it, a round trip less per upload. An upload of no
    // records writes nothing, so it looks the profile up here.
    if (upload.records.length === 0) await requireProfile(this.profiles, principal.appId, profileId);
    const { upsert, change } = await this.recordActivity.execute({ appId: principal.appId, profileId, records: upload.records });
    const counts: Partial<Record<HealthDataType, IngestionCounts>> = {};
    for (const type of HEALTH_DATA_TYPES) {
      if (Array.isArray((input.body as Record<string, unknown>)[type])) {
        counts[type] = upsert.counts[type] ?? { created: 0, updated: 0, unchanged: 0 };
      }
    }
    return { counts, change };
  }
}
