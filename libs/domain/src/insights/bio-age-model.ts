/**
 * The bio age model (docs/insights.md explains every number and its source): a fitness age
 * from VO2 max against the HUNT3 Fitness Study's age-group means, adjusted by resting heart
 * rate, daily steps, sleep duration and BMI, each turned into years through its published
 * all-cause mortality hazard ratio and the Gompertz slope of mortality with age. A wellness
 * estimate, not a diagnosis.
 */

export type Sex = 'male' | 'female';

/** Mean VO2 max (mL/kg/min) of healthy adults per age group, at the group's middle age (HUNT3 Fitness Study). */
export const HUNT3_MEAN_VO2MAX: Readonly<Record<Sex, readonly (readonly [age: number, vo2max: number])[]>> = {
  male: [[25, 54], [35, 49], [45, 47], [55, 42], [65, 39], [75, 34]],
  female: [[25, 43], [35, 40], [45, 38], [55, 34], [65, 31], [75, 27]],
};

/** The ages the reference data covers (20 to 90): a fitness or bio age is kept inside them. */
export const MIN_MODEL_AGE = 20;
export const MAX_MODEL_AGE = 90;

/** Gompertz slope of adult all-cause mortality: it doubles about every 8 years, so ln(2)/8 per year. */
export const GOMPERTZ_SLOPE_PER_YEAR = Math.LN2 / 8;

/** No single factor moves the estimate by more than this many years either way. */
export const MAX_ADJUSTMENT_YEARS = 5;

/** Resting heart rate: hazard ratio 1.09 per 10 bpm above the 70 bpm reference. */
export const RESTING_HR_REFERENCE_BPM = 70;
export const RESTING_HR_HAZARD_PER_10_BPM = 1.09;

/** Daily steps: median steps of each quartile and its hazard ratio against the lowest quartile. */
export const STEPS_HAZARD_CURVE: readonly (readonly [steps: number, hazard: number])[] = [[3553, 1], [5801, 0.6], [7842, 0.55], [10901, 0.47]];
/** The third quartile's median is the reference: neither older nor younger. */
export const STEPS_REFERENCE = 7842;

/** Sleep: shorter than 6 h or longer than 9 h a night, with the hazard ratios of short and long sleep. */
export const SHORT_SLEEP_HOURS = 6;
export const LONG_SLEEP_HOURS = 9;
export const SHORT_SLEEP_HAZARD = 1.12;
export const LONG_SLEEP_HAZARD = 1.3;

/** BMI: 1.39 per 5 kg/m² above 25 (the European estimate); 1.51 below 18.5 (the 15.0-18.5 group); none in between. */
export const BMI_UPPER_REFERENCE = 25;
export const BMI_HAZARD_PER_5_ABOVE = 1.39;
export const BMI_UNDERWEIGHT = 18.5;
export const BMI_UNDERWEIGHT_HAZARD = 1.51;

/** What one week offers the model; null where the profile's data does not tell. */
export interface BioAgeInputs {
  readonly sex: Sex | null;
  readonly vo2Max: number | null;
  readonly restingHeartRate: number | null;
  readonly dailySteps: number | null;
  readonly sleepHours: number | null;
  readonly bmi: number | null;
}

/** Years each factor adds (positive) or takes away (negative); null when its input is missing. */
export interface BioAgeAdjustments {
  readonly restingHeartRate: number | null;
  readonly steps: number | null;
  readonly sleep: number | null;
  readonly bmi: number | null;
}

export type BioAgeEstimate =
  | { readonly status: 'ok'; readonly fitnessAge: number; readonly bioAge: number; readonly adjustments: BioAgeAdjustments }
  | { readonly status: 'insufficient_data'; readonly missing: readonly ('sex' | 'vo2_max')[] };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Years of age with the same change in mortality as this hazard ratio (rate advancement period). */
export function yearsOfHazard(hazardRatio: number): number {
  return Math.log(hazardRatio) / GOMPERTZ_SLOPE_PER_YEAR;
}

const capped = (years: number) => clamp(years, -MAX_ADJUSTMENT_YEARS, MAX_ADJUSTMENT_YEARS);

/**
 * The age at which the healthy average of the person's sex has this VO2 max: linear between the
 * group means, the end segments extended, kept within 20 to 90.
 */
export function fitnessAge(vo2Max: number, sex: Sex): number {
  const points = HUNT3_MEAN_VO2MAX[sex];
  let segment = points.length - 2;
  for (let i = 0; i < points.length - 1; i++) {
    if (vo2Max >= points[i + 1][1]) {
      segment = i;
      break;
    }
  }
  const [ageA, vo2A] = points[segment];
  const [ageB, vo2B] = points[segment + 1];
  const age = ageA + ((vo2A - vo2Max) / (vo2A - vo2B)) * (ageB - ageA);
  return clamp(age, MIN_MODEL_AGE, MAX_MODEL_AGE);
}

export function restingHeartRateYears(bpm: number): number {
  return capped((((bpm - RESTING_HR_REFERENCE_BPM) / 10) * Math.log(RESTING_HR_HAZARD_PER_10_BPM)) / GOMPERTZ_SLOPE_PER_YEAR);
}

/** ln(hazard) is interpolated linearly between the quartile medians and flat beyond them. */
function logStepsHazard(steps: number): number {
  const curve = STEPS_HAZARD_CURVE;
  if (steps <= curve[0][0]) return Math.log(curve[0][1]);
  for (let i = 0; i < curve.length - 1; i++) {
    const [stepsA, hazardA] = curve[i];
    const [stepsB, hazardB] = curve[i + 1];
    if (steps <= stepsB) return Math.log(hazardA) + ((steps - stepsA) / (stepsB - stepsA)) * (Math.log(hazardB) - Math.log(hazardA));
  }
  return Math.log(curve[curve.length - 1][1]);
}

export function stepsYears(dailySteps: number): number {
  return capped((logStepsHazard(dailySteps) - logStepsHazard(STEPS_REFERENCE)) / GOMPERTZ_SLOPE_PER_YEAR);
}

export function sleepYears(hours: number): number {
  if (hours < SHORT_SLEEP_HOURS) return capped(yearsOfHazard(SHORT_SLEEP_HAZARD));
  if (hours > LONG_SLEEP_HOURS) return capped(yearsOfHazard(LONG_SLEEP_HAZARD));
  return 0;
}

export function bmiYears(bmi: number): number {
  if (bmi < BMI_UNDERWEIGHT) return capped(yearsOfHazard(BMI_UNDERWEIGHT_HAZARD));
  if (bmi <= BMI_UPPER_REFERENCE) return 0;
  return capped(((bmi - BMI_UPPER_REFERENCE) / 5) * yearsOfHazard(BMI_HAZARD_PER_5_ABOVE));
}

const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The week's bio age: needs the sex and a VO2 max (without them the week says which is missing);
 * every other input adjusts the fitness age when present. Ages and years to one decimal.
 */
export function estimateBioAge(inputs: BioAgeInputs): BioAgeEstimate {
  const missing: ('sex' | 'vo2_max')[] = [];
  if (inputs.sex === null) missing.push('sex');
  if (inputs.vo2Max === null) missing.push('vo2_max');
  if (inputs.sex === null || inputs.vo2Max === null) return { status: 'insufficient_data', missing };
  const fitness = fitnessAge(inputs.vo2Max, inputs.sex);
  const adjust = (value: number | null, years: (v: number) => number) => (value === null ? null : years(value));
  const adjustments = {
    restingHeartRate: adjust(inputs.restingHeartRate, restingHeartRateYears),
    steps: adjust(inputs.dailySteps, stepsYears),
    sleep: adjust(inputs.sleepHours, sleepYears),
    bmi: adjust(inputs.bmi, bmiYears),
  };
  const total = Object.values(adjustments).reduce<number>((sum, years) => sum + (years ?? 0), 0);
  return {
    status: 'ok',
    fitnessAge: tenth(fitness),
    bioAge: tenth(clamp(fitness + total, MIN_MODEL_AGE, MAX_MODEL_AGE)),
    adjustments: {
      restingHeartRate: adjustments.restingHeartRate === null ? null : tenth(adjustments.restingHeartRate),
      steps: adjustments.steps === null ? null : tenth(adjustments.steps),
      sleep: adjustments.sleep === null ? null : tenth(adjustments.sleep),
      bmi: adjustments.bmi === null ? null : tenth(adjustments.bmi),
    },
  };
}
