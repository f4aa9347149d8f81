import { estimateBioAge } from '../insights/bio-age-model';
import { BIO_AGE_MODEL, BioAgeWeek } from '../insights/bio-age';
import { addDays, insightWeeks } from '../insights/insight-weeks';
import { InsightsError, InsightsErrorCode } from '../insights/insights-error';
import { BODY_LOOKBACK_DAYS, BODY_RECORD_TYPES, sexOfGender, VO2_MAX_LOOKBACK_DAYS, WEEK_RECORD_TYPES, weeklyInputs } from '../insights/weekly-inputs';
import { IdentityError } from '../identity/identity-error';
import { Clock } from '../ports/clock';
import { HealthRecordRepository, RecordPosition } from '../ports/health-record-repository';
import { ProfileRepository } from '../ports/profile-repository';
import { HealthRecord } from '../records/health-record';

export interface GetBioAgeInput {
  readonly appId: string;
  readonly profileId: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly birthYear: number | null;
}

const PAGE = 1000;
const INPUT_NAMES: Record<string, string> = {
  sex: 'sex', vo2Max: 'vo2_max', restingHeartRate: 'resting_heart_rate', dailySteps: 'daily_steps', sleepHours: 'sleep_hours', bmi: 'bmi',
};
const REASONS: Record<string, string> = {
  sex: "the profile's gender is not male or female",
  vo2_max: 'no VO2_MAX measurement in the 90 days up to the end of the week',
};

/**
 * GET insights/bio_age: one bio age per ISO week overlapping the range, from the profile's own
 * stored records. Reads only the range and the lookbacks before it: a day for sleep, 90 days of
 * VO2 max, a year of body measurements (at most 53 weeks + a year).
 */
export class GetBioAgeUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly records: HealthRecordRepository,
    private readonly clock: Clock,
  ) {}

  async execute(input: GetBioAgeInput): Promise<BioAgeWeek[]> {
    const weeks = insightWeeks(input.startDate, input.endDate);
    const thisYear = this.clock.now().getUTCFullYear();
    if (input.birthYear !== null && (!Number.isInteger(input.birthYear) || input.birthYear < 1900 || input.birthYear > thisYear)) {
      throw new InsightsError(InsightsErrorCode.InvalidBirthYear, `birth_year must be a whole year from 1900 to ${thisYear}`, 'birth_year');
    }
    // No negative ages: the first week must end in or after the year of birth.
    if (input.birthYear !== null && input.birthYear > Number(weeks[0].end.slice(0, 4))) {
      throw new InsightsError(InsightsErrorCode.InvalidBirthYear, 'birth_year must not be after the year of the first week of the range', 'birth_year');
    }
    const profile = await this.profiles.findInApp(input.appId, input.profileId);
    if (!profile) throw IdentityError.profileNotFound(input.profileId);

    const first = new Date(`${weeks[0].start}T00:00:00Z`);
    const to = new Date(addDays(new Date(`${weeks[weeks.length - 1].end}T00:00:00Z`), 1).getTime() - 1);
    const { appId, profileId } = input;
    const records = [
      ...(await this.records.listAll(appId, profileId, WEEK_RECORD_TYPES, { from: addDays(first, -1), to })),
      ...(await this.records.listAll(appId, profileId, BODY_RECORD_TYPES, { from: addDays(first, -BODY_LOOKBACK_DAYS), to })),
      ...(await this.vo2Measurements(appId, profileId, addDays(first, -VO2_MAX_LOOKBACK_DAYS), to)),
    ];
    const sex = sexOfGender(profile.gender);

    return weeks.map((week) => {
      const inputs = weeklyInputs(week, records, sex);
      const estimate = estimateBioAge(inputs);
      const missing = Object.entries(inputs).filter(([, value]) => value === null).map(([key]) => INPUT_NAMES[key]);
      const chronologicalAge = input.birthYear === null ? null : Number(week.end.slice(0, 4)) - input.birthYear;
      if (estimate.status === 'insufficient_data') {
        return {
          weekStart: week.start, weekEnd: week.end, status: 'insufficient_data', bioAge: null, fitnessAge: null, chronologicalAge, difference: null,
          inputs, adjustments: { restingHeartRate: null, steps: null, sleep: null, bmi: null }, missing,
          reason: `Not enough data for ${BIO_AGE_MODEL}: ${estimate.missing.map((name) => REASONS[name]).join('; ')}.`,
        };
      }
      return {
        weekStart: week.start, weekEnd: week.end, status: 'ok', bioAge: estimate.bioAge, fitnessAge: estimate.fitnessAge, chronologicalAge,
        difference: chronologicalAge === null ? null : Math.round((estimate.bioAge - chronologicalAge) * 10) / 10,
        inputs, adjustments: estimate.adjustments, missing, reason: null,
      };
    });
  }

  /** VO2_MAX measurements in [from, to], page by page (the range bounds how many there are). */
  private async vo2Measurements(appId: string, profileId: string, from: Date, to: Date): Promise<HealthRecord[]> {
    const found: HealthRecord[] = [];
    let position: RecordPosition | undefined;
    for (;;) {
      const page = await this.records.list({ appId, profileId, type: 'biometric_measurement', subtype: 'VO2_MAX', from, to, position, direction: 'forward', limit: PAGE });
      found.push(...page);
      if (page.length < PAGE) return found;
      const last = page[page.length - 1];
      position = { time: last.time, id: last.id };
    }
  }
}
