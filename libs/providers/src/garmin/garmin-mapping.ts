import { formatDuration, ProviderRecords } from '@strive/domain';
import { mergeRecords, RecordRow } from '../provider-records';
import { numberOrNull } from '../shared/payload-reading';

/**
 * Garmin Health API summaries (Health API reference, "Summary Endpoints") -> Strive upload
 * records. Every summary is keyed by its `summaryId`, which stays the same when Garmin
 * re-sends an updated summary, so it is the records' external id. Times are UTC epoch
 * seconds (`startTimeInSeconds`); `startTimeOffsetInSeconds` is the device's offset from UTC
 * at that moment, so the person's local calendar date is (start + offset) read in UTC, unless
 * Garmin sends `calendarDate` itself.
 */

export interface GarminDaily {
  readonly summaryId: string;
  readonly calendarDate?: string;
  readonly startTimeInSeconds: number;
  readonly startTimeOffsetInSeconds?: number;
  readonly durationInSeconds?: number;
  readonly steps?: number;
  readonly distanceInMeters?: number;
  readonly activeKilocalories?: number;
  readonly bmrKilocalories?: number;
  readonly activeTimeInSeconds?: number;
  readonly floorsClimbed?: number;
  readonly minHeartRateInBeatsPerMinute?: number;
  readonly averageHeartRateInBeatsPerMinute?: number;
  readonly maxHeartRateInBeatsPerMinute?: number;
  readonly restingHeartRateInBeatsPerMinute?: number;
  /** Seconds since the start of the summary -> beats per minute. */
  readonly timeOffsetHeartRateSamples?: Readonly<Record<string, number>>;
  /** -1 when the day had too little data for a stress level. */
  readonly averageStressLevel?: number;
  readonly maxStressLevel?: number;
  readonly restStressDurationInSeconds?: number;
  readonly lowStressDurationInSeconds?: number;
  readonly mediumStressDurationInSeconds?: number;
  readonly highStressDurationInSeconds?: number;
}

export interface GarminActivity {
  readonly summaryId: string;
  readonly activityName?: string;
  readonly activityType?: string;
  readonly startTimeInSeconds: number;
  readonly startTimeOffsetInSeconds?: number;
  readonly durationInSeconds: number;
  readonly distanceInMeters?: number;
  readonly activeKilocalories?: number;
  readonly steps?: number;
  readonly averageHeartRateInBeatsPerMinute?: number;
  readonly maxHeartRateInBeatsPerMinute?: number;
  readonly totalElevationGainInMeters?: number;
  readonly manual?: boolean;
}

export interface GarminSleepLevel {
  readonly startTimeInSeconds: number;
  readonly endTimeInSeconds: number;
}

export interface GarminSleep {
  readonly summaryId: string;
  readonly calendarDate?: string;
  readonly startTimeInSeconds: number;
  readonly startTimeOffsetInSeconds?: number;
  readonly durationInSeconds: number;
  readonly deepSleepDurationInSeconds?: number;
  readonly lightSleepDurationInSeconds?: number;
  readonly remSleepInSeconds?: number;
  readonly awakeDurationInSeconds?: number;
  readonly sleepLevelsMap?: Readonly<Partial<Record<'deep' | 'light' | 'rem' | 'awake', readonly GarminSleepLevel[]>>>;
  readonly overallSleepScore?: { readonly value?: number; readonly qualifierKey?: string };
}

export interface GarminBodyComp {
  readonly summaryId: string;
  readonly measurementTimeInSeconds: number;
  readonly weightInGrams?: number;
  readonly bodyMassIndex?: number;
  readonly bodyFatInPercent?: number;
  readonly bodyWaterInPercent?: number;
  readonly boneMassInGrams?: number;
  readonly muscleMassInGrams?: number;
}

/** The summary types Strive reads, by the path segment of their pull endpoint. */
export type GarminSummaryType = 'dailies' | 'activities' | 'sleeps' | 'bodyComps';

type Row = RecordRow;

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const integerOrNull = (value: unknown): number | null => (isNumber(value) ? Math.round(value) : null);
const instant = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

/** The person's calendar date of a summary: Garmin's own, else start + offset read in UTC. */
export function garminLocalDate(summary: { calendarDate?: string; startTimeInSeconds: number; startTimeOffsetInSeconds?: number }): string {
  if (typeof summary.calendarDate === 'string') return summary.calendarDate;
  return new Date((summary.startTimeInSeconds + (summary.startTimeOffsetInSeconds ?? 0)) * 1000).toISOString().slice(0, 10);
}

/** Garmin activity types (Health API "Activity Types") -> Strive's; anything else is OTHER. */
const ACTIVITY_TYPES: Readonly<Record<string, string>> = {
  RUNNING: 'RUNNING', STREET_RUNNING: 'RUNNING', TRACK_RUNNING: 'RUNNING', TRAIL_RUNNING: 'TRAIL_RUNNING',
  TREADMILL_RUNNING: 'TREADMILL_RUNNING', INDOOR_RUNNING: 'TREADMILL_RUNNING',
  CYCLING: 'CYCLING', ROAD_BIKING: 'CYCLING', GRAVEL_CYCLING: 'CYCLING', INDOOR_CYCLING: 'INDOOR_CYCLING',
  VIRTUAL_RIDE: 'INDOOR_CYCLING', MOUNTAIN_BIKING: 'MOUNTAIN_BIKING',
  LAP_SWIMMING: 'SWIMMING', SWIMMING: 'SWIMMING', OPEN_WATER_SWIMMING: 'OPEN_WATER_SWIMMING',
  WALKING: 'WALKING', CASUAL_WALKING: 'WALKING', SPEED_WALKING: 'WALKING', HIKING: 'HIKING',
  ROWING: 'ROWING', INDOOR_ROWING: 'INDOOR_ROWING', ELLIPTICAL: 'ELLIPTICAL', STAIR_CLIMBING: 'STAIR_CLIMBING',
  STRENGTH_TRAINING: 'STRENGTH_TRAINING', HIIT: 'HIIT', YOGA: 'YOGA', PILATES: 'PILATES',
  RESORT_SKIING_SNOWBOARDING: 'SKIING', BACKCOUNTRY_SKIING_SNOWBOARDING: 'SKIING', CROSS_COUNTRY_SKIING: 'CROSS_COUNTRY_SKIING',
  SKATE_SKIING: 'CROSS_COUNTRY_SKIING', INLINE_SKATING: 'SKATING', TENNIS: 'TENNIS', GOLF: 'GOLF',
  ROCK_CLIMBING: 'CLIMBING', INDOOR_CLIMBING: 'CLIMBING', BOULDERING: 'CLIMBING',
  PADDLING: 'PADDLING', STAND_UP_PADDLEBOARDING: 'PADDLING', KAYAKING: 'PADDLING', SURFING: 'SURFING',
  BOXING: 'BOXING', BREATHWORK: 'MEDITATION',
};

export function garminActivityType(type: string | undefined): string {
  return (type && ACTIVITY_TYPES[type.toUpperCase()]) || 'OTHER';
}

/**
 * A daily summary: the day itself (daily_summary), its stress (stress_summary), its heart rate
 * statistics (heartrate_summary) and its 15-second heart rate samples (heartrate_sample).
 */
export function mapGarminDaily(daily: GarminDaily): ProviderRecords {
  const date = garminLocalDate(daily);
  const heartRate = {
    resting: numberOrNull(daily.restingHeartRateInBeatsPerMinute),
    average: numberOrNull(daily.averageHeartRateInBeatsPerMinute),
    min: numberOrNull(daily.minHeartRateInBeatsPerMinute),
    max: numberOrNull(daily.maxHeartRateInBeatsPerMinute),
  };
  const hasHeartRate = Object.values(heartRate).some((value) => value !== null);
  // Garmin reports -1 for a day without enough data for a stress level.
  const hasStress = isNumber(daily.averageStressLevel) && daily.averageStressLevel >= 0;
  const maxStress = isNumber(daily.maxStressLevel) && daily.maxStressLevel >= 0 ? daily.maxStressLevel : null;
  const stressDuration = (seconds: number | undefined) => (isNumber(seconds) && seconds >= 0 ? formatDuration(seconds) : null);

  const records: Record<string, Row[]> = {
    daily_summary: [{
      external_id: daily.summaryId,
      date,
      distance: numberOrNull(daily.distanceInMeters) ?? 0,
      steps: integerOrNull(daily.steps) ?? 0,
      // The day's energy: active plus resting (BMR), as the day total of the other vendors.
      calories: (numberOrNull(daily.activeKilocalories) ?? 0) + (numberOrNull(daily.bmrKilocalories) ?? 0),
      active_duration: isNumber(daily.activeTimeInSeconds) ? formatDuration(daily.activeTimeInSeconds) : null,
      floors: integerOrNull(daily.floorsClimbed),
      heart_rate_summary: hasHeartRate ? heartRate : null,
      stress_summary: hasStress ? { average: daily.averageStressLevel, max: maxStress ?? daily.averageStressLevel } : null,
    }],
  };
  if (hasHeartRate) {
    records.heartrate_summary = [{ external_id: daily.summaryId, date, ...heartRate, hrv_rmssd: null }];
  }
  if (hasStress) {
    records.stress_summary = [{
      external_id: daily.summaryId,
      date,
      average_stress: daily.averageStressLevel,
      max_stress: maxStress,
      rest_duration: stressDuration(daily.restStressDurationInSeconds),
      low_duration: stressDuration(daily.lowStressDurationInSeconds),
      medium_duration: stressDuration(daily.mediumStressDurationInSeconds),
      high_duration: stressDuration(daily.highStressDurationInSeconds),
    }];
  }
  const samples = Object.entries(daily.timeOffsetHeartRateSamples ?? {})
    .map(([offset, bpm]) => [Number(offset), bpm] as const)
    .filter(([offset, bpm]) => Number.isInteger(offset) && offset >= 0 && isNumber(bpm) && bpm > 0)
    .sort((a, b) => a[0] - b[0]);
  if (samples.length > 0) {
    const values = samples.map(([, bpm]) => bpm);
    const end = daily.startTimeInSeconds + Math.max(daily.durationInSeconds ?? 0, samples[samples.length - 1][0]);
    records.heartrate_sample = [{
      external_id: daily.summaryId,
      start_time: instant(daily.startTimeInSeconds),
      end_time: instant(end),
      average: Math.round((values.reduce((sum, bpm) => sum + bpm, 0) / values.length) * 10) / 10,
      min: Math.min(...values),
      max: Math.max(...values),
      heart_rate_samples: samples.map(([offset, bpm]) => ({ timestamp: instant(daily.startTimeInSeconds + offset), bpm })),
    }];
  }
  return records;
}

/** An activity summary: one workout. */
export function mapGarminActivity(activity: GarminActivity): ProviderRecords {
  const average = numberOrNull(activity.averageHeartRateInBeatsPerMinute);
  const max = numberOrNull(activity.maxHeartRateInBeatsPerMinute);
  return {
    workout: [{
      external_id: activity.summaryId,
      timestamp: instant(activity.startTimeInSeconds),
      duration: formatDuration(activity.durationInSeconds),
      type: garminActivityType(activity.activityType),
      is_manual: typeof activity.manual === 'boolean' ? activity.manual : null,
      name: typeof activity.activityName === 'string' ? activity.activityName.slice(0, 200) : null,
      distance: numberOrNull(activity.distanceInMeters) ?? 0,
      steps: integerOrNull(activity.steps),
      calories: numberOrNull(activity.activeKilocalories),
      elevation_gain: numberOrNull(activity.totalElevationGainInMeters),
      heart_rate_summary: average !== null || max !== null ? { average, max } : null,
    }],
  };
}

const SLEEP_STAGES = { deep: 'DEEP', light: 'LIGHT', rem: 'REM', awake: 'AWAKE' } as const;

/** A sleep summary: the night (sleep_summary) and each stretch of its stages (sleep_detail). */
export function mapGarminSleep(sleep: GarminSleep): ProviderRecords {
  const seconds = (value: number | undefined) => (isNumber(value) && value >= 0 ? value : null);
  const deep = seconds(sleep.deepSleepDurationInSeconds);
  const light = seconds(sleep.lightSleepDurationInSeconds);
  const rem = seconds(sleep.remSleepInSeconds);
  const asleep = deep === null && light === null && rem === null ? null : (deep ?? 0) + (light ?? 0) + (rem ?? 0);
  const duration = (value: number | null) => (value === null ? null : formatDuration(value));
  const score = sleep.overallSleepScore?.value;
  const details: Row[] = [];
  for (const [level, stage] of Object.entries(SLEEP_STAGES) as [keyof typeof SLEEP_STAGES, string][]) {
    for (const stretch of sleep.sleepLevelsMap?.[level] ?? []) {
      if (!isNumber(stretch.startTimeInSeconds) || !isNumber(stretch.endTimeInSeconds) || stretch.endTimeInSeconds < stretch.startTimeInSeconds) continue;
      details.push({
        external_id: `${sleep.summaryId}:${level}:${stretch.startTimeInSeconds}`,
        start_time: instant(stretch.startTimeInSeconds),
        end_time: instant(stretch.endTimeInSeconds),
        stage,
      });
    }
  }
  const records: Record<string, Row[]> = {
    sleep_summary: [{
      external_id: sleep.summaryId,
      start_time: instant(sleep.startTimeInSeconds),
      end_time: instant(sleep.startTimeInSeconds + sleep.durationInSeconds),
      total_sleep_duration: duration(asleep),
      awake_duration: duration(seconds(sleep.awakeDurationInSeconds)),
      light_duration: duration(light),
      deep_duration: duration(deep),
      rem_duration: duration(rem),
      sleep_score: isNumber(score) ? score : null,
    }],
  };
  if (details.length > 0) records.sleep_detail = details;
  return records;
}

/** A body composition: weight and BMI (biometric) and each other value (biometric_measurement). */
export function mapGarminBodyComp(body: GarminBodyComp): ProviderRecords {
  const at = instant(body.measurementTimeInSeconds);
  const grams = (value: number | undefined) => (isNumber(value) && value > 0 ? value / 1000 : null);
  const weight = grams(body.weightInGrams);
  const bmi = isNumber(body.bodyMassIndex) && body.bodyMassIndex > 0 ? body.bodyMassIndex : null;
  const measurements: [string, number | null][] = [
    ['BODY_FAT', numberOrNull(body.bodyFatInPercent)],
    ['HYDRATION', numberOrNull(body.bodyWaterInPercent)],
    ['BONE_MASS', grams(body.boneMassInGrams)],
    ['MUSCLE_MASS', grams(body.muscleMassInGrams)],
  ];
  const records: Record<string, Row[]> = {};
  if (weight !== null || bmi !== null) {
    records.biometric = [{ external_id: body.summaryId, timestamp: at, weight, bmi }];
  }
  const present = measurements.filter((entry): entry is [string, number] => entry[1] !== null);
  if (present.length > 0) {
    records.biometric_measurement = present.map(([type, value]) => ({
      external_id: `${body.summaryId}:${type}`, timestamp: at, measurement_type: type, value,
    }));
  }
  return records;
}

/**
 * A pull answer (an array of summaries of one type) -> records. Summaries without their key
 * fields are skipped: one unreadable summary must not stop a person's sync.
 */
export function mapGarminSummaries(type: GarminSummaryType, payload: unknown): ProviderRecords {
  const out: Record<string, Row[]> = {};
  if (!Array.isArray(payload)) return out;
  for (const item of payload as Row[]) {
    if (typeof item !== 'object' || item === null || typeof item.summaryId !== 'string' || item.summaryId.length === 0) continue;
    switch (type) {
      case 'dailies':
        if (isNumber(item.startTimeInSeconds)) mergeRecords(out, mapGarminDaily(item as unknown as GarminDaily));
        break;
      case 'activities':
        if (isNumber(item.startTimeInSeconds) && isNumber(item.durationInSeconds) && item.durationInSeconds >= 0) {
          mergeRecords(out, mapGarminActivity(item as unknown as GarminActivity));
        }
        break;
      case 'sleeps':
        if (isNumber(item.startTimeInSeconds) && isNumber(item.durationInSeconds) && item.durationInSeconds >= 0) {
          mergeRecords(out, mapGarminSleep(item as unknown as GarminSleep));
        }
        break;
      case 'bodyComps':
        if (isNumber(item.measurementTimeInSeconds)) mergeRecords(out, mapGarminBodyComp(item as unknown as GarminBodyComp));
        break;
    }
  }
  return out;
}
