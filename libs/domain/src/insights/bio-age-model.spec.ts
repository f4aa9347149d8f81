import {
  bmiYears, estimateBioAge, fitnessAge, restingHeartRateYears, sleepYears, stepsYears,
} from './bio-age-model';

// Every adjustment is ln(hazard ratio) / (ln 2 / 8) years = 8 * ln(HR) / ln 2, with
// ln 2 = 0.693147, ln 1.09 = 0.086178, ln 0.60 = -0.510826, ln 0.55 = -0.597837, ln 0.47 = -0.755023,
// ln 1.12 = 0.113329, ln 1.30 = 0.262364, ln 1.39 = 0.329304, ln 1.51 = 0.412110.
describe('bio age model', () => {
  describe(fitnessAge.name, () => {
    it('interpolates between the HUNT3 age-group means', () => {
      // Men: 47 at 45, 42 at 55 -> 45 + (47 - 45) / (47 - 42) * 10 = 49.
      expect(fitnessAge(45, 'male')).toBeCloseTo(49, 10);
      // Women: 38 at 45, 34 at 55 -> 45 + (38 - 36) / (38 - 34) * 10 = 50.
      expect(fitnessAge(36, 'female')).toBeCloseTo(50, 10);
      // A group mean itself: men 54 is the 20-29 group, middle age 25.
      expect(fitnessAge(54, 'male')).toBeCloseTo(25, 10);
    });

    it('extends the end segments and keeps the age within 20 to 90', () => {
      // Men 50 lies above 49 (35) and below 54 (25): 25 + (54 - 50) / 5 * 10 = 33.
      expect(fitnessAge(50, 'male')).toBeCloseTo(33, 10);
      // Men 30: below the last mean 34 (75); the last segment falls 5 per 10 years: 75 + (34 - 30) / 5 * 10 = 83.
      expect(fitnessAge(30, 'male')).toBeCloseTo(83, 10);
      // Men 60: 25 - (60 - 54) / 5 * 10 = 13, held at 20; women 15: 75 + (27 - 15) / 4 * 10 = 105, held at 90.
      expect(fitnessAge(60, 'male')).toBe(20);
      expect(fitnessAge(15, 'female')).toBe(90);
    });
  });

  it('adds about one year per 10 bpm of resting heart rate above 70', () => {
    // 8 * 0.086178 / 0.693147 = 0.99463 per 10 bpm.
    expect(restingHeartRateYears(80)).toBeCloseTo(0.99463, 4);
    expect(restingHeartRateYears(50)).toBeCloseTo(-1.98925, 4);
    expect(restingHeartRateYears(70)).toBe(0);
    // 130 bpm: 6 * 0.99463 = 5.97, capped at 5.
    expect(restingHeartRateYears(130)).toBe(5);
  });

  it('follows the steps hazard curve relative to 7,842 steps a day', () => {
    expect(stepsYears(7842)).toBeCloseTo(0, 10);
    // 10,901: 8 * (-0.755023 + 0.597837) / 0.693147 = -1.81417; more steps gain no more.
    expect(stepsYears(10901)).toBeCloseTo(-1.81417, 4);
    expect(stepsYears(25000)).toBeCloseTo(-1.81417, 4);
    // 5,801: 8 * (-0.510826 + 0.597837) / 0.693147 = 1.00425.
    expect(stepsYears(5801)).toBeCloseTo(1.00425, 4);
    // Half way from 5,801 to 7,842 (6,821.5): ln HR half way, so half of 1.00425.
    expect(stepsYears(6821.5)).toBeCloseTo(0.50212, 4);
    // 3,553 or fewer: 8 * 0.597837 / 0.693147 = 6.90, capped at 5.
    expect(stepsYears(2000)).toBe(5);
  });

  it('ages short and long sleep only', () => {
    // < 6 h: 8 * 0.113329 / 0.693147 = 1.30798; > 9 h: 8 * 0.262364 / 0.693147 = 3.02809.
    expect(sleepYears(5.5)).toBeCloseTo(1.30798, 4);
    expect(sleepYears(6)).toBe(0);
    expect(sleepYears(9)).toBe(0);
    expect(sleepYears(9.5)).toBeCloseTo(3.02809, 4);
  });

  it('ages a BMI above 25 per 5 kg/m² and underweight', () => {
    // Per 5 above 25: 8 * 0.329304 / 0.693147 = 3.80068.
    expect(bmiYears(30)).toBeCloseTo(3.80068, 4);
    expect(bmiYears(27.5)).toBeCloseTo(1.90034, 4);
    expect(bmiYears(22)).toBe(0);
    // Under 18.5: 8 * 0.412110 / 0.693147 = 4.75637.
    expect(bmiYears(17)).toBeCloseTo(4.75637, 4);
    // 40: 3 * 3.80068 = 11.4, capped at 5.
    expect(bmiYears(40)).toBe(5);
  });

  describe(estimateBioAge.name, () => {
    it('adds the adjustments to the fitness age, to one decimal', () => {
      // 49 (VO2 max 45, man) - 0.99463 (60 bpm) - 1.81417 (10,901 steps) + 0 (7 h) + 1.90034 (BMI 27.5) = 48.09.
      expect(estimateBioAge({ sex: 'male', vo2Max: 45, restingHeartRate: 60, dailySteps: 10901, sleepHours: 7, bmi: 27.5 })).toEqual({
        status: 'ok', fitnessAge: 49, bioAge: 48.1, adjustments: { restingHeartRate: -1, steps: -1.8, sleep: 0, bmi: 1.9 },
      });
    });

    it('leaves out what is missing among the optional inputs', () => {
      // 50 (VO2 max 36, woman) + 3.02809 (9.5 h) = 53.03.
      expect(estimateBioAge({ sex: 'female', vo2Max: 36, restingHeartRate: null, dailySteps: null, sleepHours: 9.5, bmi: null })).toEqual({
        status: 'ok', fitnessAge: 50, bioAge: 53, adjustments: { restingHeartRate: null, steps: null, sleep: 3, bmi: null },
      });
    });

    it('keeps the bio age within 20 to 90', () => {
      // 20 (VO2 max 60) - 1.98925 (50 bpm) - 1.81417 = 16.2, held at 20.
      expect(estimateBioAge({ sex: 'male', vo2Max: 60, restingHeartRate: 50, dailySteps: 12000, sleepHours: null, bmi: null })).toMatchObject({ bioAge: 20 });
    });

    it('gives no estimate without sex or VO2 max, and says which is missing', () => {
      expect(estimateBioAge({ sex: null, vo2Max: null, restingHeartRate: 60, dailySteps: 9000, sleepHours: 7, bmi: 22 }))
        .toEqual({ status: 'insufficient_data', missing: ['sex', 'vo2_max'] });
      expect(estimateBioAge({ sex: 'female', vo2Max: null, restingHeartRate: 60, dailySteps: null, sleepHours: null, bmi: null }))
        .toEqual({ status: 'insufficient_data', missing: ['vo2_max'] });
    });
  });
});
