import {
  IngestionBatch, IngestionCounts, IngestionError, planUpsert, recordsOf, sameDailySummary, sameWorkout,
  validateIngestionBatch,
} from '../records/ingestion';
import { DailySummary, Workout } from '../records/activity-records';
import { requireProfile } from '../membership/lookups';
import { ActivityRepository } from '../ports/activity-repository';
import { ProfileRepository } from '../ports/profile-repository';

export interface IngestActivityInput extends IngestionBatch {
  readonly appId: string;
}

export interface IngestActivityResult {
  readonly dailySummaries: IngestionCounts;
  readonly workouts: IngestionCounts;
  /** The created and updated records: what the host rescoring must look at. */
  readonly written: { readonly dailySummaries: readonly DailySummary[]; readonly workouts: readonly Workout[] };
}

/**
 * POST profile/{id}/data/ and provider syncs: stores a batch idempotently. The whole batch is
 * validated first (any issue: IngestionError, nothing stored); each record is then created,
 * updated or left unchanged by its key (profile, source, externalId), and every write goes to
 * the repository in one atomic upsert. Sending the same batch again writes nothing.
 */
export class IngestActivityUseCase {
  constructor(
    private readonly activities: ActivityRepository,
    private readonly profiles: ProfileRepository,
  ) {}

  async execute(input: IngestActivityInput): Promise<IngestActivityResult> {
    await requireProfile(this.profiles, input.appId, input.profileId);
    const issues = validateIngestionBatch(input);
    if (issues.length > 0) throw new IngestionError(issues);
    const records = recordsOf(input);
    const ids = (list: readonly { externalId: string }[]) => list.map((r) => r.externalId);
    const summaries = planUpsert(
      records.dailySummaries,
      await this.activities.findDailySummaries(input.profileId, input.source, ids(records.dailySummaries)),
      sameDailySummary,
    );
    const workouts = planUpsert(
      records.workouts,
      await this.activities.findWorkouts(input.profileId, input.source, ids(records.workouts)),
      sameWorkout,
    );
    const written = { dailySummaries: summaries.toWrite, workouts: workouts.toWrite };
    if (written.dailySummaries.length + written.workouts.length > 0) await this.activities.upsert(written);
    return { dailySummaries: summaries.counts, workouts: workouts.counts, written };
  }
}
