import { DomainError } from '../shared/domain-error';
import { DailySummary, SOURCES, Source, Workout } from './activity-records';

/** A record as uploaded: profile and source come from the batch, never from the record. */
export type DailySummaryDraft = Omit<DailySummary, 'profileId' | 'source'>;
export type WorkoutDraft = Omit<Workout, 'profileId' | 'source'>;

/** One upload (SDK or provider sync): records of one profile from one source. */
export interface IngestionBatch {
  readonly profileId: string;
  readonly source: Source;
  readonly dailySummaries: readonly DailySummaryDraft[];
  readonly workouts: readonly WorkoutDraft[];
}

export interface IngestionCounts {
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
}

export interface IngestionIssue {
  /** Index path in the batch, e.g. `workouts[2].distance`. */
  readonly path: string;
  readonly message: string;
}

export enum IngestionErrorCode {
  InvalidBatch = 'ingestion.invalid_batch',
}

/** The whole batch is refused (all-or-nothing); `issues` lists every problem found. */
export class IngestionError extends DomainError<IngestionErrorCode> {
  constructor(readonly issues: readonly IngestionIssue[]) {
    super(IngestionErrorCode.InvalidBatch, `The upload has ${issues.length} invalid value(s); nothing was stored.`);
  }
}

/** Sources whose records are derived here (AGGREGATED) or unknown (NONE) cannot be uploaded. */
export const INGESTIBLE_SOURCES: readonly Source[] = SOURCES.filter((s) => s !== 'NONE' && s !== 'AGGREGATED');

export const MAX_EXTERNAL_ID_LENGTH = 255;
const SECONDS_PER_DAY = 86_400;
const ACTIVITY_TYPE_PATTERN = /^[A-Z][A-Z0-9_]*$/;

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

class IssueCollector {
  readonly issues: IngestionIssue[] = [];

  check(ok: boolean, path: string, message: string): void {
    if (!ok) this.issues.push({ path, message });
  }

  amount(value: number, path: string, options: { integer?: boolean; max?: number } = {}): void {
    const valid =
      Number.isFinite(value) && value >= 0 && (!options.integer || Number.isInteger(value)) &&
      (options.max === undefined || value <= options.max);
    const kind = options.integer ? 'a non-negative integer' : 'a non-negative number';
    this.check(valid, path, options.max === undefined ? `must be ${kind}` : `must be ${kind} up to ${options.max}`);
  }

  externalIds(records: readonly { externalId: string }[], type: string): void {
    const seen = new Set<string>();
    records.forEach((record, i) => {
      const path = `${type}[${i}].externalId`;
      const id = record.externalId;
      this.check(id.length > 0 && id.length <= MAX_EXTERNAL_ID_LENGTH, path, `must have 1 to ${MAX_EXTERNAL_ID_LENGTH} characters`);
      this.check(!seen.has(id), path, 'is repeated in this upload (an external id identifies one record)');
      seen.add(id);
    });
  }
}

/** Every problem of the batch, each with its index path; empty when the batch is valid. */
export function validateIngestionBatch(batch: IngestionBatch): IngestionIssue[] {
  const c = new IssueCollector();
  c.check(INGESTIBLE_SOURCES.includes(batch.source), 'source', `must be one of ${INGESTIBLE_SOURCES.join(', ')}`);
  c.externalIds(batch.dailySummaries, 'dailySummaries');
  batch.dailySummaries.forEach((s, i) => {
    const at = `dailySummaries[${i}]`;
    c.check(isCalendarDate(s.date), `${at}.date`, 'must be a calendar date YYYY-MM-DD');
    c.amount(s.distance, `${at}.distance`);
    c.amount(s.steps, `${at}.steps`, { integer: true });
    c.amount(s.calories, `${at}.calories`);
    c.amount(s.activeDurationSeconds, `${at}.activeDurationSeconds`, { max: SECONDS_PER_DAY });
  });
  c.externalIds(batch.workouts, 'workouts');
  batch.workouts.forEach((w, i) => {
    const at = `workouts[${i}]`;
    c.check(ACTIVITY_TYPE_PATTERN.test(w.activityType), `${at}.activityType`, 'must be an upper-case word such as RUNNING');
    c.check(!Number.isNaN(w.start.getTime()), `${at}.start`, 'must be a valid date-time');
    c.amount(w.durationSeconds, `${at}.durationSeconds`);
    c.amount(w.distance, `${at}.distance`);
    if (w.steps !== null) c.amount(w.steps, `${at}.steps`, { integer: true });
    if (w.calories !== null) c.amount(w.calories, `${at}.calories`);
  });
  return c.issues;
}

export function sameDailySummary(a: DailySummary, b: DailySummary): boolean {
  return (
    a.profileId === b.profileId && a.source === b.source && a.externalId === b.externalId && a.date === b.date &&
    a.distance === b.distance && a.steps === b.steps && a.calories === b.calories &&
    a.activeDurationSeconds === b.activeDurationSeconds
  );
}

export function sameWorkout(a: Workout, b: Workout): boolean {
  return (
    a.profileId === b.profileId && a.source === b.source && a.externalId === b.externalId &&
    a.activityType === b.activityType && a.start.getTime() === b.start.getTime() &&
    a.durationSeconds === b.durationSeconds && a.distance === b.distance && a.steps === b.steps &&
    a.calories === b.calories && a.isManual === b.isManual
  );
}

export interface UpsertPlan<T> {
  readonly counts: IngestionCounts;
  /** The records to write: the created and the updated ones, in upload order. */
  readonly toWrite: readonly T[];
}

/**
 * Classifies incoming records against the stored ones with the same key
 * (profile, source, externalId): absent -> created, different -> updated, equal -> unchanged.
 * Writing only the first two is what makes a re-sent upload change nothing.
 */
export function planUpsert<T extends { externalId: string }>(
  incoming: readonly T[],
  stored: readonly T[],
  same: (a: T, b: T) => boolean,
): UpsertPlan<T> {
  const byId = new Map(stored.map((record) => [record.externalId, record]));
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const toWrite: T[] = [];
  for (const record of incoming) {
    const existing = byId.get(record.externalId);
    if (existing === undefined) created++;
    else if (same(existing, record)) {
      unchanged++;
      continue;
    } else updated++;
    toWrite.push(record);
  }
  return { counts: { created, updated, unchanged }, toWrite };
}

/** The batch's records with the batch's profile and source stamped on them. */
export function recordsOf(batch: IngestionBatch): { dailySummaries: DailySummary[]; workouts: Workout[] } {
  const owner = { profileId: batch.profileId, source: batch.source };
  return {
    dailySummaries: batch.dailySummaries.map((draft) => ({ ...draft, ...owner })),
    workouts: batch.workouts.map((draft) => ({ ...draft, ...owner })),
  };
}
