import { DomainError } from '../shared/domain-error';
import { Source } from '../records/activity-records';
import { HealthRecord, parseDuration, StoredHealthRecord } from '../records/health-record';

/** The file formats an activity file is served in; GPX only when the workout has a track (GPX points need a position). */
export const ACTIVITY_FILE_FORMATS = ['gpx', 'tcx', 'fit'] as const;
export type ActivityFileFormat = (typeof ACTIVITY_FILE_FORMATS)[number];

/** At most this many points go into one file (a day at one point per second); the rest of a longer track is left out. */
export const MAX_ACTIVITY_FILE_POINTS = 86_400;
/** A position takes the heart rate of the latest heart-rate sample at most this old (devices log the two apart). */
export const HEART_RATE_CARRY_MS = 10_000;

export interface ActivityFilePoint {
  readonly time: Date;
  readonly latitude: number | null;
  readonly longitude: number | null;
  readonly altitude: number | null;
  /** m/s */
  readonly speed: number | null;
  readonly heartRate: number | null;
}

/** A workout with its samples, ready to be written as GPX, TCX or FIT. */
export interface ActivityFile {
  readonly id: string;
  readonly source: Source;
  readonly type: string;
  readonly name: string | null;
  readonly start: Date;
  readonly durationSeconds: number;
  /** metres */
  readonly distance: number;
  readonly calories: number | null;
  readonly averageHeartRate: number | null;
  readonly maxHeartRate: number | null;
  readonly points: readonly ActivityFilePoint[];
  /** Whether the track had more than MAX_ACTIVITY_FILE_POINTS points. */
  readonly truncated: boolean;
}

export enum ActivityFileErrorCode {
  NotFound = 'activity_file.not_found',
  FormatUnavailable = 'activity_file.format_unavailable',
}

export class ActivityFileError extends DomainError<ActivityFileErrorCode> {
  constructor(code: ActivityFileErrorCode, message: string) {
    super(code, message);
  }

  static notFound(id: string): ActivityFileError {
    return new ActivityFileError(ActivityFileErrorCode.NotFound, `No activity file ${id} for this profile.`);
  }

  static formatUnavailable(format: ActivityFileFormat, offered: readonly ActivityFileFormat[]): ActivityFileError {
    return new ActivityFileError(
      ActivityFileErrorCode.FormatUnavailable,
      `This activity has no GPS track, so it has no ${format.toUpperCase()} file; its formats are ${offered.join(', ')}.`,
    );
  }
}

/** The formats a workout's file is offered in. */
export const activityFileFormats = (hasTrack: boolean): ActivityFileFormat[] => (hasTrack ? ['gpx', 'tcx', 'fit'] : ['tcx', 'fit']);

/**
 * Whether a track sample belongs to a workout: same source, inside the workout's time span,
 * and naming the workout (workout_external_id) or naming none.
 */
export function isTrackOf(workout: HealthRecord, sample: HealthRecord): boolean {
  const named = sample.data.workout_external_id;
  const end = workout.endTime ?? workout.time;
  return (
    sample.source === workout.source && sample.time >= workout.time && sample.time <= end &&
    (named === undefined || named === null || named === workout.externalId)
  );
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/**
 * The file of a workout: its track samples and heart-rate samples on one timeline, in time
 * order. A heart-rate sample at the time of a position joins it; a position without one
 * takes the latest heart rate of the previous HEART_RATE_CARRY_MS.
 */
export function buildActivityFile(workout: StoredHealthRecord, track: readonly HealthRecord[]): ActivityFile {
  const data = workout.data;
  const byTime = new Map<number, { time: Date; latitude: number | null; longitude: number | null; altitude: number | null; speed: number | null; heartRate: number | null }>();
  for (const sample of track.filter((s) => isTrackOf(workout, s))) {
    byTime.set(sample.time.getTime(), {
      time: sample.time, latitude: numberOrNull(sample.data.latitude), longitude: numberOrNull(sample.data.longitude),
      altitude: numberOrNull(sample.data.altitude), speed: numberOrNull(sample.data.speed), heartRate: null,
    });
  }
  const heartRates = (Array.isArray(data.heart_rate_samples) ? data.heart_rate_samples : []) as { timestamp: string; bpm: number }[];
  const beats = heartRates.map((s) => ({ time: new Date(s.timestamp), bpm: s.bpm })).sort((a, b) => a.time.getTime() - b.time.getTime());
  for (const beat of beats) {
    const point = byTime.get(beat.time.getTime());
    if (point) point.heartRate = beat.bpm;
    else byTime.set(beat.time.getTime(), { time: beat.time, latitude: null, longitude: null, altitude: null, speed: null, heartRate: beat.bpm });
  }
  const all = [...byTime.values()].sort((a, b) => a.time.getTime() - b.time.getTime());
  let last: { time: number; bpm: number } | null = null;
  for (const point of all) {
    if (point.heartRate !== null) last = { time: point.time.getTime(), bpm: point.heartRate };
    else if (last && point.time.getTime() - last.time <= HEART_RATE_CARRY_MS) point.heartRate = last.bpm;
  }
  const summary = (data.heart_rate_summary ?? null) as { average?: number; max?: number } | null;
  return {
    id: workout.id,
    source: workout.source,
    type: String(data.type),
    name: typeof data.name === 'string' ? data.name : null,
    start: workout.time,
    // duration and distance are required and validated at upload (health-data-schema.ts).
    durationSeconds: parseDuration(String(data.duration)) as number,
    distance: Number(data.distance),
    calories: numberOrNull(data.calories),
    averageHeartRate: numberOrNull(summary?.average),
    maxHeartRate: numberOrNull(summary?.max),
    points: all.slice(0, MAX_ACTIVITY_FILE_POINTS),
    truncated: all.length > MAX_ACTIVITY_FILE_POINTS,
  };
}
