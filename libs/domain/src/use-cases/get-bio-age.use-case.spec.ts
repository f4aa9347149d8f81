import { FixedClock, InMemoryHealthRecordRepository, InMemoryProfileRepository } from '../../testing';
import { HealthRecord } from '../records/health-record';
import { GetBioAgeUseCase } from './get-bio-age.use-case';

const record = (type: HealthRecord['type'], time: string, data: Record<string, unknown>, subtype = ''): HealthRecord => ({
  type, source: 'GARMIN', externalId: `${type}-${time}`, time: new Date(time), endTime: null, subtype, data,
});
const vo2 = (time: string, value: number) => record('biometric_measurement', time, { timestamp: time, measurement_type: 'VO2_MAX', value }, 'VO2_MAX');

describe(GetBioAgeUseCase.name, () => {
  const setup = async (records: HealthRecord[], gender: string | null = 'female') => {
    const profiles = new InMemoryProfileRepository();
    await profiles.create({ id: 'p-1', appId: 'app', name: 'Ann', gender, reference: '', team: null, totalPoints: 0, createdAt: new Date('2026-01-01T00:00:00Z') }, 'digest');
    const healthRecords = new InMemoryHealthRecordRepository();
    await healthRecords.upsert('app', 'p-1', records);
    return new GetBioAgeUseCase(profiles, healthRecords, new FixedClock('2026-11-25T10:00:00Z'));
  };
  const input = { appId: 'app', profileId: 'p-1', startDate: '2026-11-16', endDate: '2026-11-22', birthYear: null };

  it('uses a VO2 max of the 90 days up to the end of the week, and a BMI of the year', async () => {
    // Week end 2026-11-23T00:00Z: 90 days before is 2026-08-25T00:00Z, a year before 2025-11-23T00:00Z.
    const sut = await setup([
      vo2('2026-08-25T00:00:00Z', 36), vo2('2026-08-24T23:59:59Z', 20),
      record('bmi', '2025-11-23T00:00:00Z', { timestamp: '2025-11-23T00:00:00Z', bmi: 30 }),
    ]);
    // Woman, VO2 max 36 -> 45 + (38 - 36) / (38 - 34) * 10 = 50; BMI 30 -> 8 * ln 1.39 / ln 2 = 3.80: 53.8.
    const [week] = await sut.execute(input);
    expect(week).toMatchObject({ status: 'ok', fitnessAge: 50, bioAge: 53.8, inputs: { vo2Max: 36, bmi: 30 } });
  });

  it('ignores a VO2 max of another measurement type, and another profile does not exist', async () => {
    const sut = await setup([record('biometric_measurement', '2026-11-20T07:00:00Z', { timestamp: '2026-11-20T07:00:00Z', measurement_type: 'HRV', value: 36 }, 'HRV')]);
    const [week] = await sut.execute(input);
    expect(week).toMatchObject({ status: 'insufficient_data', missing: ['vo2_max', 'resting_heart_rate', 'daily_steps', 'sleep_hours', 'bmi'] });
    await expect(sut.execute({ ...input, profileId: 'p-2' })).rejects.toMatchObject({ code: 'identity.profile_not_found' });
    await expect(sut.execute({ ...input, appId: 'other' })).rejects.toMatchObject({ code: 'identity.profile_not_found' });
  });

  it('gives the chronological age of the week\'s year and the difference', async () => {
    const sut = await setup([vo2('2026-11-20T07:00:00Z', 36)]);
    // 2026 - 1976 = 50; bio age 50: difference 0.
    const [week] = await sut.execute({ ...input, birthYear: 1976 });
    expect(week).toMatchObject({ chronologicalAge: 50, bioAge: 50, difference: 0 });
    await expect(sut.execute({ ...input, birthYear: 2027 })).rejects.toMatchObject({ code: 'insights.invalid_birth_year', field: 'birth_year' });
    // Born in 2026, a range in 2025 would give negative ages. The week of Monday 2025-12-29 ends on 2026-01-04: age 0.
    await expect(sut.execute({ ...input, startDate: '2025-12-01', endDate: '2025-12-07', birthYear: 2026 })).rejects.toMatchObject({ field: 'birth_year' });
    expect((await sut.execute({ ...input, startDate: '2025-12-31', endDate: '2025-12-31', birthYear: 2026 }))[0].chronologicalAge).toBe(0);
  });
});
