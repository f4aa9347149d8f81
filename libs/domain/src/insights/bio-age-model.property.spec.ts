import fc from 'fast-check';
import { estimateBioAge, fitnessAge, MAX_ADJUSTMENT_YEARS, stepsYears } from './bio-age-model';

const sex = fc.constantFrom<'male' | 'female'>('male', 'female');
const maybe = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: null });

describe('bio age model (properties)', () => {
  it('a higher VO2 max never gives an older fitness age', () => {
    fc.assert(fc.property(sex, fc.double({ min: 5, max: 100, noNaN: true }), fc.double({ min: 0, max: 20, noNaN: true }), (s, vo2, more) => {
      expect(fitnessAge(Math.min(100, vo2 + more), s)).toBeLessThanOrEqual(fitnessAge(vo2, s));
    }));
  });

  it('more steps never make one older', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 50_000 }), (steps, more) => {
      expect(stepsYears(steps + more)).toBeLessThanOrEqual(stepsYears(steps));
    }));
  });

  it('keeps every estimate within 20 to 90, each adjustment within 5 years, and the order of inputs irrelevant', () => {
    fc.assert(fc.property(
      sex, fc.double({ min: 5, max: 100, noNaN: true }), maybe(fc.double({ min: 1, max: 300, noNaN: true })),
      maybe(fc.double({ min: 0, max: 1_000_000, noNaN: true })), maybe(fc.double({ min: 0, max: 24, noNaN: true })),
      maybe(fc.double({ min: 5, max: 200, noNaN: true })),
      (s, vo2Max, restingHeartRate, dailySteps, sleepHours, bmi) => {
        const estimate = estimateBioAge({ sex: s, vo2Max, restingHeartRate, dailySteps, sleepHours, bmi });
        if (estimate.status !== 'ok') throw new Error('sex and VO2 max given: an estimate is due');
        expect(estimate.bioAge).toBeGreaterThanOrEqual(20);
        expect(estimate.bioAge).toBeLessThanOrEqual(90);
        for (const years of Object.values(estimate.adjustments)) if (years !== null) expect(Math.abs(years)).toBeLessThanOrEqual(MAX_ADJUSTMENT_YEARS);
      },
    ));
  });
});
