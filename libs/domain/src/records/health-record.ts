import { Source } from './activity-records';
import { digitsAt } from '../shared/digits';

/**
 * The data types of the profile data endpoints that can be uploaded (POST profile/{id}/data/):
 * one upload key and one pull endpoint each (ecg_recordings also serves ecg_recordings/data/;
 * event/ is fed by POST profile/{id}/event/ instead).
 */
export const HEALTH_DATA_TYPES = [
  'activity_segment', 'biometric', 'biometric_measurement', 'bmi', 'daily_detail', 'daily_summary',
  'detail_sample', 'ecg_recordings', 'heartrate_sample', 'heartrate_summary', 'height', 'sleep_detail',
  'sleep_sample', 'sleep_summary', 'stress_samples', 'stress_summary', 'track_sample', 'weight', 'workout',
] as const;
export type HealthDataType = (typeof HEALTH_DATA_TYPES)[number];

export const MEASUREMENT_TYPES = [
  'BLOOD_PRESSURE', 'BODY_FAT', 'BODY_FAT_MASS', 'GLUCOSE', 'SYSTOLIC_BP', 'DIASTOLIC_BP', 'PULSE_BP', 'TEMPERATURE',
  'BLOOD_OXYGEN', 'HRV', 'VO2_MAX', 'METABOLIC_AGE', 'VASCULAR_AGE', 'VISCERAL_FAT', 'BODY_TEMPERATURE',
  'SKIN_TEMPERATURE', 'BONE_MASS', 'MUSCLE_MASS', 'HYDRATION', 'BMR', 'FAT_RATIO', 'SPO2', 'OTHER',
] as const;
export type MeasurementType = (typeof MEASUREMENT_TYPES)[number];

/**
 * The unit every value of a measurement type is stored and served in (`unit` of the record).
 * OTHER carries the unit the client sends.
 */
export const MEASUREMENT_UNITS: Record<MeasurementType, string> = {
  BLOOD_PRESSURE: 'mmHg', BODY_FAT: '%', BODY_FAT_MASS: 'kg', GLUCOSE: 'mmol/L', SYSTOLIC_BP: 'mmHg',
  DIASTOLIC_BP: 'mmHg', PULSE_BP: 'mmHg', TEMPERATURE: '°C', BLOOD_OXYGEN: '%', HRV: 'ms', VO2_MAX: 'mL/kg/min',
  METABOLIC_AGE: 'years', VASCULAR_AGE: 'years', VISCERAL_FAT: 'level', BODY_TEMPERATURE: '°C',
  SKIN_TEMPERATURE: '°C', BONE_MASS: 'kg', MUSCLE_MASS: 'kg', HYDRATION: '%', BMR: 'kcal/day', FAT_RATIO: '%',
  SPO2: '%', OTHER: '',
};

/**
 * One stored record of any data type, raw as its source reported it. Its key is
 * (profile, source, type, externalId). `time` is the instant the record is filed under:
 * its start (records with a duration), its instant, or 00:00 UTC of its date (daily records).
 * `data` holds the record's fields as served (snake_case, units of docs/data-model.md).
 */
export interface HealthRecord {
  readonly type: HealthDataType;
  readonly source: Source;
  readonly externalId: string;
  readonly time: Date;
  /** End of the record's time span; null for instants and daily records. */
  readonly endTime: Date | null;
  /** measurement_type of biometric measurements, '' for every other type. */
  readonly subtype: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/** A stored record with its storage id: the tie-breaker of the (time, id) page order. */
export interface StoredHealthRecord extends HealthRecord {
  readonly id: string;
}

/** Parses `hh:mm:ss` or `hh:mm:ss.ffffff` (hours may exceed 23) into seconds; null if malformed. */
export function parseDuration(value: string): number | null {
  // By character rather than by a regular expression's groups: a daily summary or a workout of
  // every upload is read through it (the same arithmetic as Number() of each group).
  const colon = value.indexOf(':');
  if (colon < 2 || value.length < colon + 6 || value.charCodeAt(colon + 3) !== 58) return null; // 58: ':'
  const hours = digitsAt(value, 0, colon);
  const minutes = digitsAt(value, colon + 1, colon + 3);
  const seconds = digitsAt(value, colon + 4, colon + 6);
  if (hours < 0 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return null;
  let fraction = 0;
  const fractionDigits = value.length - colon - 7;
  if (fractionDigits !== -1) {
    if (fractionDigits < 1 || fractionDigits > 6 || value.charCodeAt(colon + 6) !== 46) return null; // 46: '.'
    const units = digitsAt(value, colon + 7, value.length);
    if (units < 0) return null;
    fraction = units / 10 ** fractionDigits;
  }
  return hours * 3600 + minutes * 60 + seconds + fraction;
}

/** Seconds as `hh:mm:ss.ffffff` (the workout record format of contract.md "Values"). */
export function formatDuration(seconds: number): string {
  const micros = Math.round(seconds * 1_000_000);
  const whole = Math.floor(micros / 1_000_000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}.${pad(micros % 1_000_000, 6)}`;
}
