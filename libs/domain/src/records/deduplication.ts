import { DailySummary, Source, Workout } from './activity-records';

/**
 * How far a source is from the sensor. WEARABLE: the vendor's own device recorded the
 * data. PLATFORM: phone health stores and training platforms that also re-publish other
 * vendors' data (APPLE and SAMSUNG health apps, HEALTH_CONNECT, GOOGLE_FIT, STRAVA, ZWIFT).
 * SERVICE: entries made in this service (STRIVE), derived (AGGREGATED) or unknown (NONE).
 */
export type SourceTier = 'WEARABLE' | 'PLATFORM' | 'SERVICE';

const TIERS: Record<SourceTier, readonly Source[]> = {
  WEARABLE: ['GARMIN', 'POLAR', 'SUUNTO', 'COROS', 'WAHOO', 'FITBIT', 'WHOOP', 'OURA', 'HUAWEI', 'WITHINGS', 'OMRON'],
  PLATFORM: ['ZWIFT', 'SAMSUNG', 'APPLE', 'STRAVA', 'HEALTH_CONNECT', 'GOOGLE_FIT'],
  SERVICE: ['STRIVE', 'AGGREGATED', 'NONE'],
};

/** Every source, most trusted first: tier by tier, in the order listed above. */
export const SOURCE_PRIORITY: readonly Source[] = [...TIERS.WEARABLE, ...TIERS.PLATFORM, ...TIERS.SERVICE];

export function sourceTier(source: Source): SourceTier {
  return TIERS.WEARABLE.includes(source) ? 'WEARABLE' : TIERS.PLATFORM.includes(source) ? 'PLATFORM' : 'SERVICE';
}

const TIER_RANK: Record<SourceTier, number> = { WEARABLE: 0, PLATFORM: 1, SERVICE: 2 };

/** 0 is the most trusted source. */
export function sourceRank(source: Source): number {
  return SOURCE_PRIORITY.indexOf(source);
}

/**
 * When two workouts are the same session. Both must hold: the time windows overlap by at
 * least `minOverlapRatio` of the shorter window, and the duration OR the distance agree
 * within the larger of an absolute and a relative tolerance. Sources round and trim
 * differently (auto-pause, GPS smoothing), hence tolerances rather than equality.
 */
export const WORKOUT_MATCH_TOLERANCES = {
  minOverlapRatio: 0.5,
  durationSeconds: 120,
  durationRatio: 0.1,
  distanceMetres: 100,
  distanceRatio: 0.1,
} as const;

function within(a: number, b: number, absolute: number, ratio: number): boolean {
  return Math.abs(a - b) <= Math.max(absolute, ratio * Math.max(a, b));
}

/**
 * Whether two workouts are one session reported twice. Only records of different sources
 * of one profile and of one activity type can match: one source never reports one session
 * under two ids, so two records of the same source are two sessions.
 */
export function isSameWorkout(a: Workout, b: Workout): boolean {
  if (a.profileId !== b.profileId || a.source === b.source || a.activityType !== b.activityType) return false;
  const t = WORKOUT_MATCH_TOLERANCES;
  const aStart = a.start.getTime();
  const bStart = b.start.getTime();
  const overlapMs =
    Math.min(aStart + a.durationSeconds * 1000, bStart + b.durationSeconds * 1000) - Math.max(aStart, bStart);
  // >= 0 also lets a zero-length record match a window it lies in.
  if (overlapMs < 0 || overlapMs < t.minOverlapRatio * Math.min(a.durationSeconds, b.durationSeconds) * 1000) {
    return false;
  }
  const similarDuration = within(a.durationSeconds, b.durationSeconds, t.durationSeconds, t.durationRatio);
  const similarDistance =
    a.distance > 0 && b.distance > 0 && within(a.distance, b.distance, t.distanceMetres, t.distanceRatio);
  return similarDuration || similarDistance;
}

/** Fields a source may leave out; more of them present makes the better record. */
function completeness(w: Workout): number {
  return (w.distance > 0 ? 1 : 0) + (w.steps !== null ? 1 : 0) + (w.calories !== null ? 1 : 0);
}

function fingerprint(w: Workout): string {
  return JSON.stringify([w.profileId, w.source, w.externalId, w.activityType, w.start.getTime(), w.durationSeconds,
    w.distance, w.steps, w.calories, w.isManual]);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The preference order: recorded before typed in (is_manual true last), then the source
 * tier, then the most complete record within the tier, then source priority, then a stable
 * tie-break on the record itself. It is a total order, which is what makes deduplication
 * independent of input order.
 */
export function compareWorkoutPreference(a: Workout, b: Workout): number {
  return (
    (a.isManual === true ? 1 : 0) - (b.isManual === true ? 1 : 0) ||
    TIER_RANK[sourceTier(a.source)] - TIER_RANK[sourceTier(b.source)] ||
    completeness(b) - completeness(a) ||
    sourceRank(a.source) - sourceRank(b.source) ||
    // The tie-break: cheap fields first (one source's records tie on everything above).
    a.start.getTime() - b.start.getTime() ||
    compareText(a.externalId, b.externalId) ||
    compareText(fingerprint(a), fingerprint(b))
  );
}

/** One real session: the record chosen to stand for it and the duplicates it absorbed. */
export interface WorkoutGroup {
  readonly chosen: Workout;
  readonly duplicates: readonly Workout[];
}

const DAY_MS = 86_400_000;

interface OpenGroup {
  /** Creation order: "the first group" of the rule below. */
  readonly index: number;
  readonly chosen: Workout;
  readonly duplicates: Workout[];
  readonly sources: Set<Source>;
}

/**
 * Groups the workouts that report the same session. Records are taken in preference
 * order; each one joins the first group whose chosen record it matches and that holds no
 * record of its source yet, else it starts a group (and is that group's chosen record).
 * Groups come out ordered by start, then preference.
 *
 * Groups are indexed by (profile, activity type, UTC day of the chosen start), so a
 * record is only compared with groups that could overlap it: a years-long history stays
 * near linear instead of comparing every record with every group.
 */
export function groupDuplicateWorkouts(workouts: readonly Workout[]): WorkoutGroup[] {
  const sorted = [...workouts].sort(compareWorkoutPreference);
  const longestMs = sorted.reduce((max, w) => Math.max(max, w.durationSeconds * 1000), 0);
  const groups: OpenGroup[] = [];
  const index = new Map<string, OpenGroup[]>();
  const keyOf = (w: Workout, day: number) => `${w.profileId}\u0000${w.activityType}\u0000${day}`;
  for (const workout of sorted) {
    const start = workout.start.getTime();
    // A chosen record that overlaps this one starts between (start - longest) and this one's end.
    const lastDay = Math.floor((start + workout.durationSeconds * 1000) / DAY_MS);
    let group: OpenGroup | undefined;
    for (let day = Math.floor((start - longestMs) / DAY_MS); day <= lastDay; day++) {
      for (const candidate of index.get(keyOf(workout, day)) ?? []) {
        const earlier = group === undefined || candidate.index < group.index;
        if (earlier && !candidate.sources.has(workout.source) && isSameWorkout(candidate.chosen, workout)) group = candidate;
      }
    }
    if (group) {
      group.duplicates.push(workout);
      group.sources.add(workout.source);
      continue;
    }
    const opened: OpenGroup = { index: groups.length, chosen: workout, duplicates: [], sources: new Set([workout.source]) };
    groups.push(opened);
    const key = keyOf(workout, Math.floor(start / DAY_MS));
    const bucket = index.get(key);
    if (bucket) bucket.push(opened);
    else index.set(key, [opened]);
  }
  return groups
    .sort((a, b) => a.chosen.start.getTime() - b.chosen.start.getTime() || compareWorkoutPreference(a.chosen, b.chosen))
    .map(({ chosen, duplicates }) => ({ chosen, duplicates }));
}

/** One record per real session (the chosen record of each group, unchanged). */
export function deduplicateWorkouts(workouts: readonly Workout[]): Workout[] {
  return groupDuplicateWorkouts(workouts).map((group) => group.chosen);
}

/** External id of a merged daily summary: stable, so repeated reads give the same record. */
export function aggregatedDailySummaryId(date: string): string {
  return `AGGREGATED:${date}`;
}

/**
 * One daily summary per (profile, date). A date reported by one record keeps that record;
 * several records merge into one AGGREGATED record holding the per-field maximum. Why the
 * maximum: each source only counts what it saw (the phone misses steps while it lies on the
 * desk, the watch while it charges), so summing double counts and the maximum is the best
 * lower bound of the truth; it is also independent of source priority and record order.
 * Ordered by profile, then date.
 */
export function mergeDailySummaries(summaries: readonly DailySummary[]): DailySummary[] {
  // Already in order with one summary a date (one profile, one source a day: what a rescoring
  // reads for most members): nothing to merge or sort.
  if (inOrderAndSingle(summaries)) return summaries.slice();
  // By profile, then by date: no key string per summary (this runs once per member and challenge
  // rescored, over up to hundreds of summaries).
  const byProfile = new Map<string, Map<string, DailySummary[]>>();
  for (const summary of summaries) {
    let days = byProfile.get(summary.profileId);
    if (!days) byProfile.set(summary.profileId, (days = new Map()));
    const day = days.get(summary.date);
    if (day) day.push(summary);
    else days.set(summary.date, [summary]);
  }
  const merged: DailySummary[] = [];
  for (const profileId of [...byProfile.keys()].sort(compareText)) {
    const days = byProfile.get(profileId) as Map<string, DailySummary[]>;
    for (const date of [...days.keys()].sort(compareText)) {
      const day = days.get(date) as DailySummary[];
      merged.push(day.length === 1 ? day[0] : mergeDay(day));
    }
  }
  return merged;
}

/** Whether the summaries are ordered by profile, then date, with no two of the same profile and date. */
function inOrderAndSingle(summaries: readonly DailySummary[]): boolean {
  for (let i = 1; i < summaries.length; i++) {
    const before = summaries[i - 1];
    const after = summaries[i];
    const byProfile = compareText(before.profileId, after.profileId);
    if (byProfile > 0 || (byProfile === 0 && compareText(before.date, after.date) >= 0)) return false;
  }
  return true;
}

function mergeDay(day: readonly DailySummary[]): DailySummary {
  let { distance, steps, calories, activeDurationSeconds } = day[0];
  for (const summary of day) {
    distance = Math.max(distance, summary.distance);
    steps = Math.max(steps, summary.steps);
    calories = Math.max(calories, summary.calories);
    activeDurationSeconds = Math.max(activeDurationSeconds, summary.activeDurationSeconds);
  }
  return {
    profileId: day[0].profileId,
    source: 'AGGREGATED',
    externalId: aggregatedDailySummaryId(day[0].date),
    date: day[0].date,
    distance,
    steps,
    calories,
    activeDurationSeconds,
  };
}
