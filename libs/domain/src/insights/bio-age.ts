import { BioAgeAdjustments, BioAgeInputs } from './bio-age-model';

/** Version of the model that computed a week (docs/insights.md), so clients can tell estimates apart. */
export const BIO_AGE_MODEL = 'hunt3-fitness-age-v1';

/** One ISO week of a profile's bio age (GET insights/bio_age). */
export interface BioAgeWeek {
  readonly weekStart: string;
  readonly weekEnd: string;
  readonly status: 'ok' | 'insufficient_data';
  /** Null unless status is ok. */
  readonly bioAge: number | null;
  readonly fitnessAge: number | null;
  /** Only when the caller gave the birth year: the age reached in the week's year. */
  readonly chronologicalAge: number | null;
  /** bioAge - chronologicalAge, when both are known. */
  readonly difference: number | null;
  readonly inputs: BioAgeInputs;
  readonly adjustments: BioAgeAdjustments;
  /** Inputs the week lacks (required and optional), by their served names. */
  readonly missing: readonly string[];
  /** Why there is no estimate (insufficient_data), else null. */
  readonly reason: string | null;
}
