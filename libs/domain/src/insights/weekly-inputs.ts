import { HealthDataType, HealthRecord, parseDuration } from '../records/health-record';
import { BioAgeInputs, Sex } from './bio-age-model';
import { addDays, InsightWeek, isoDate } from './insight-weeks';

/** A VO2 max counts for the weeks up to 90 days after it was measured (it changes over months). */
export const VO2_MAX_LOOKBACK_DAYS = 90;
/** A BMI, weight or height counts for a year. */
export const BODY_LOOKBACK_DAYS = 365;
/** Resting heart rate, steps and sleep need at least this many days (nights) of the week. */
export const MIN_DAYS_PER_WEEK = 3;

/** Record types read for the weeks themselves (a sleep ending in the week may start the day before). */
export const WEEK_RECORD_TYPES: readonly HealthDataType[] = ['daily_summary', 'heartrate_summary', 'sleep_summary'];
/** Record types read with the body lookback (BMI, or weight and height). */
export const BODY_RECORD_TYPES: readonly HealthDataType[] = ['bmi', 'biometric', 'weight', 'height'];

/** The profile's gender as the model's sex: male/m/man or female/f/woman, any case; anything else is unknown. */
export function sexOfGender(gender: string | null): Sex | null {
  const value = gender?.trim().toLowerCase();
  if (value === 'male' || value === 'm' || value === 'man') return 'male';
  if (value === 'female' || value === 'f' || value === 'woman') return 'female';
  return null;
}

const numberOf = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Per date, the values of every source; `pick` combines one date's values. */
function perDate(entries: readonly (readonly [date: string, value: number])[], pick: (values: number[]) => number): number[] {
  const byDate = new Map<string, number[]>();
  for (const [date, value] of entries) byDate.set(date, [...(byDate.get(date) ?? []), value]);
  return [...byDate.values()].map(pick);
}

/** The newest value at or before `until` and after `since` (ties: the larger value, so the order of sources does not matter). */
function latest(entries: readonly (readonly [time: Date, value: number])[], since: Date, until: Date): number | null {
  let best: readonly [Date, number] | null = null;
  for (const entry of entries) {
    if (entry[0] < since || entry[0] > until) continue;
    if (!best || entry[0] > best[0] || (entry[0].getTime() === best[0].getTime() && entry[1] > best[1])) best = entry;
  }
  return best ? best[1] : null;
}

/**
 * What one ISO week offers the model, from the profile's raw records of every source (several
 * sources may report the same day): the mean of the days' resting heart rates (sources of a day
 * averaged), the mean of the days' steps (the largest report of a day), the mean of the nights'
 * sleep (the longest sleep ending on a date, nights that end in the week), the newest VO2 max of
 * the last 90 days and the newest BMI of the last year (else weight / height²).
 */
export function weeklyInputs(week: InsightWeek, records: readonly HealthRecord[], sex: Sex | null): BioAgeInputs {
  const inWeek = (date: string) => date >= week.start && date <= week.end;
  const weekEnd = addDays(new Date(`${week.end}T00:00:00Z`), 1);
  const lastInstant = new Date(weekEnd.getTime() - 1);
  const dateOf = (record: HealthRecord) => isoDate(record.time);

  const resting: [string, number][] = [];
  const steps: [string, number][] = [];
  const sleep: [string, number][] = [];
  const vo2: [Date, number][] = [];
  const bmi: [Date, number][] = [];
  const weight: [Date, number][] = [];
  const height: [Date, number][] = [];
  for (const record of records) {
    const data = record.data;
    switch (record.type) {
      case 'daily_summary': {
        if (!inWeek(dateOf(record))) break;
        const daySteps = numberOf(data.steps);
        if (daySteps !== null) steps.push([dateOf(record), daySteps]);
        const rest = numberOf((data.heart_rate_summary as Record<string, unknown> | null | undefined)?.resting);
        if (rest !== null && rest > 0) resting.push([dateOf(record), rest]);
        break;
      }
      case 'heartrate_summary': {
        const rest = numberOf(data.resting);
        if (inWeek(dateOf(record)) && rest !== null && rest > 0) resting.push([dateOf(record), rest]);
        break;
      }
      case 'sleep_summary': {
        const seconds = typeof data.total_sleep_duration === 'string' ? parseDuration(data.total_sleep_duration) : null;
        const wakeDate = isoDate(record.endTime ?? record.time);
        if (seconds !== null && inWeek(wakeDate)) sleep.push([wakeDate, seconds / 3600]);
        break;
      }
      case 'biometric_measurement': {
        const value = numberOf(data.value);
        // Outside 5-100 mL/kg/min is no human VO2 max: such a value is left out rather than aged.
        if (data.measurement_type === 'VO2_MAX' && value !== null && value >= 5 && value <= 100) vo2.push([record.time, value]);
        break;
      }
      case 'bmi':
      case 'biometric': {
        const value = numberOf(data.bmi);
        if (value !== null) bmi.push([record.time, value]);
        if (record.type === 'biometric') {
          const kg = numberOf(data.weight);
          const metres = numberOf(data.height);
          if (kg !== null) weight.push([record.time, kg]);
          if (metres !== null) height.push([record.time, metres]);
        }
        break;
      }
      case 'weight': {
        const kg = numberOf(data.weight);
        if (kg !== null) weight.push([record.time, kg]);
        break;
      }
      case 'height': {
        const metres = numberOf(data.height);
        if (metres !== null) height.push([record.time, metres]);
        break;
      }
      default:
        break;
    }
  }

  const enough = (values: number[]) => (values.length >= MIN_DAYS_PER_WEEK ? mean(values) : null);
  const bodySince = addDays(weekEnd, -BODY_LOOKBACK_DAYS);
  let bodyMassIndex = latest(bmi, bodySince, lastInstant);
  if (bodyMassIndex === null) {
    const kg = latest(weight, bodySince, lastInstant);
    const metres = latest(height, bodySince, lastInstant);
    if (kg !== null && metres !== null) bodyMassIndex = kg / (metres * metres);
  }
  return {
    sex,
    vo2Max: latest(vo2, addDays(weekEnd, -VO2_MAX_LOOKBACK_DAYS), lastInstant),
    restingHeartRate: enough(perDate(resting, mean)),
    dailySteps: enough(perDate(steps, (values) => Math.max(...values))),
    sleepHours: enough(perDate(sleep, (values) => Math.max(...values))),
    bmi: bodyMassIndex,
  };
}
