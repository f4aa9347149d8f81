import { IngestionCounts } from '../records/ingestion';
import { HEALTH_DATA_TYPES, HealthDataType, HealthRecord } from '../records/health-record';
import { readHealthUpload } from '../records/health-upload';
import { assertProfileAccess } from '../identity/access-policy';
import { Principal } from '../identity/principal';
import { requireProfile } from '../membership/lookups';
import { ActivityChange, ActivityChangeListener } from '../ports/activity-change-listener';
import { Clock } from '../ports/clock';
import { HealthRecordRepository } from '../ports/health-record-repository';
import { ProfileRepository } from '../ports/profile-repository';
import { RefreshProfilePointsUseCase } from './refresh-profile-points.use-case';

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
  /** What scoring must look at; null when no daily summary or workout was created or updated. */
  readonly change: ActivityChange | null;
}

const HOUR_MS = 3_600_000;

/**
 * The instants a written daily summary or workout touches: a workout its [start, end), a
 * daily summary its date as seen from every time zone (00:00 UTC − 14 h to 24:00 UTC + 12 h).
 */
export function changedSpan(appId: string, profileId: string, records: readonly HealthRecord[]): ActivityChange | null {
  let from = Infinity;
  let to = -Infinity;
  for (const record of records) {
    if (record.type === 'daily_summary') {
      from = Math.min(from, record.time.getTime() - 14 * HOUR_MS);
      to = Math.max(to, record.time.getTime() + 36 * HOUR_MS);
    } else if (record.type === 'workout') {
      from = Math.min(from, record.time.getTime());
      to = Math.max(to, Math.max((record.endTime as Date).getTime(), record.time.getTime() + 1));
    }
  }
  return from === Infinity ? null : { appId, profileId, from: new Date(from), to: new Date(to) };
}

/**
 * POST profile/{id}/data/: validates the whole upload (any problem: HealthDataError, nothing
 * stored), stores every record idempotently by (profile, source, type, external_id), then, when
 * daily summaries or workouts changed, refreshes the profile's total_points (only the days
 * touched) and tells the activity-change listener (challenge rescoring), both before returning.
 */
export class IngestHealthDataUseCase {
  constructor(
    private readonly records: HealthRecordRepository,
    private readonly profiles: ProfileRepository,
    private readonly points: RefreshProfilePointsUseCase,
    private readonly listener: ActivityChangeListener,
    private readonly clock: Clock,
  ) {}

  async execute(input: IngestHealthDataInput): Promise<IngestHealthDataResult> {
    const profile = await requireProfile(this.profiles, input.principal.appId, input.profileId);
    assertProfileAccess(input.principal, profile.id, true);
    const upload = readHealthUpload(input.body, this.clock.now());
    const { appId } = profile;
    // The days' points are counted from the upload itself while it is being stored (the count
    // reads only other records); they are saved only if something was created.
    const [result, counted] = await Promise.all([
      this.records.upsert(appId, profile.id, upload.records),
      this.points.countDays(appId, profile.id, upload.records),
    ]);
    const counts: Partial<Record<HealthDataType, IngestionCounts>> = {};
    for (const type of HEALTH_DATA_TYPES) {
      if (Array.isArray((input.body as Record<string, unknown>)[type])) {
        counts[type] = result.counts[type] ?? { created: 0, updated: 0, unchanged: 0 };
      }
    }
    const change = changedSpan(appId, profile.id, result.written);
    if (change) {
      // A changed record may have left a day the upload does not name: recount everything then.
      const updated = (counts.daily_summary?.updated ?? 0) + (counts.workout?.updated ?? 0);
      await Promise.all([
        updated > 0 ? this.points.execute({ appId, profileId: profile.id, scope: 'all' }) : this.points.saveDays(appId, profile.id, counted),
        this.listener.activityChanged(change),
      ]);
    }
    return { counts, change };
  }
}
