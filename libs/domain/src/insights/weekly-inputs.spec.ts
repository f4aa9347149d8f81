import { HealthRecord } from '../records/health-record';
import { sexOfGender, weeklyInputs } from './weekly-inputs';

const record = (type: HealthRecord['type'], time: string, data: Record<string, unknown>, extra: Partial<HealthRecord> = {}): HealthRecord => ({
  type, source: 'GARMIN', externalId: `${type}-${time}`, time: new Date(time), endTime: null, subtype: type === 'biometric_measurement' ? String(data.measurement_type) : '', data, ...extra,
});
const day = (date: string, steps: number, resting: number | null, source: HealthRecord['source'] = 'GARMIN') =>
  record('daily_summary', `${date}T00:00:00Z`, { date, steps, heart_rate_summary: resting === null ? null : { resting } }, { source, externalId: `d-${date}-${source}` });
const week = { start: '2026-11-16', end: '2026-11-22' };

describe(weeklyInputs.name, () => {
  it('averages the days of the week, one value per day', () => {
    const records = [
      day('2026-11-15', 99_000, 99), // the Sunday before: not this week
      day('2026-11-16', 8000, 60),
      day('2026-11-16', 9000, 64, 'FITBIT'), // same day, another source: steps 9000 (the larger), resting (60 + 64) / 2 = 62
      day('2026-11-17', 10_000, null),
      record('heartrate_summary', '2026-11-17T00:00:00Z', { date: '2026-11-17', resting: 58 }),
      day('2026-11-18', 5000, 55),
    ];
    // Steps (9000 + 10000 + 5000) / 3 = 8000; resting: (62 + 58 + 55) / 3 = 58.333.
    const inputs = weeklyInputs(week, records, 'male');
    expect(inputs.dailySteps).toBe(8000);
    expect(inputs.restingHeartRate).toBeCloseTo(58.3333, 3);
  });

  it('needs three days (nights) for steps, resting heart rate and sleep', () => {
    const records = [
      day('2026-11-16', 8000, 60), day('2026-11-17', 9000, 61),
      // Nights are filed under the date they end: the night into Monday the 16th counts, the one into the 23rd does not.
      record('sleep_summary', '2026-11-15T23:00:00Z', { total_sleep_duration: '07:00:00.000000' }, { endTime: new Date('2026-11-16T07:00:00Z') }),
      record('sleep_summary', '2026-11-22T23:00:00Z', { total_sleep_duration: '05:00:00.000000' }, { endTime: new Date('2026-11-23T06:00:00Z') }),
    ];
    expect(weeklyInputs(week, records, null)).toMatchObject({ dailySteps: null, restingHeartRate: null, sleepHours: null });
    const more = [
      ...records,
      record('sleep_summary', '2026-11-16T22:00:00Z', { total_sleep_duration: '08:00:00.000000' }, { endTime: new Date('2026-11-17T06:30:00Z') }),
      record('sleep_summary', '2026-11-17T13:00:00Z', { total_sleep_duration: '00:30:00.000000' }, { endTime: new Date('2026-11-17T13:30:00Z') }), // a nap: the night (8 h) is longer
      record('sleep_summary', '2026-11-19T23:30:00Z', { total_sleep_duration: '06:00:00.000000' }, { endTime: new Date('2026-11-20T06:00:00Z') }),
    ];
    // (7 + 8 + 6) / 3 = 7 hours.
    expect(weeklyInputs(week, more, null).sleepHours).toBe(7);
  });

  it('takes the newest VO2 max of the 90 days up to the end of the week, and ignores impossible values', () => {
    const vo2 = (time: string, value: number) => record('biometric_measurement', time, { measurement_type: 'VO2_MAX', value });
    // Week end: 2026-11-23T00:00Z; 90 days before: 2026-08-25T00:00Z.
    expect(weeklyInputs(week, [vo2('2026-08-24T23:59:59Z', 50)], 'male').vo2Max).toBeNull();
    expect(weeklyInputs(week, [vo2('2026-08-25T00:00:00Z', 50), vo2('2026-11-01T08:00:00Z', 47), vo2('2026-11-23T08:00:00Z', 40)], 'male').vo2Max).toBe(47);
    expect(weeklyInputs(week, [vo2('2026-11-01T08:00:00Z', 47), vo2('2026-11-02T08:00:00Z', 150)], 'male').vo2Max).toBe(47);
  });

  it('takes the newest BMI of the year, else the newest weight over the newest height squared', () => {
    expect(weeklyInputs(week, [record('bmi', '2026-01-10T07:00:00Z', { bmi: 24 }), record('biometric', '2026-06-10T07:00:00Z', { bmi: 26 })], null).bmi).toBe(26);
    // 81 kg / (1.8 m)^2 = 81 / 3.24 = 25.
    const body = [record('weight', '2026-11-20T07:00:00Z', { weight: 81 }), record('biometric', '2026-03-01T07:00:00Z', { height: 1.8, weight: null, bmi: null })];
    expect(weeklyInputs(week, body, null).bmi).toBeCloseTo(25, 10);
    // A BMI older than 365 days (before 2025-11-23) does not count.
    expect(weeklyInputs(week, [record('bmi', '2025-11-22T07:00:00Z', { bmi: 24 })], null).bmi).toBeNull();
  });
});

describe(sexOfGender.name, () => {
  it.each([['male', 'male'], ['M', 'male'], [' Female ', 'female'], ['woman', 'female'], ['nonbinary', null], [null, null]])('%s -> %s', (gender, sex) => {
    expect(sexOfGender(gender)).toBe(sex);
  });
});
