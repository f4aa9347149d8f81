import { FixedClock } from '@strive/domain/testing';
import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, databaseSnapshot, startTestApp, TestApp } from './support/test-app';

/** GET insights/bio_age over HTTP (issue 13, item 1; docs/insights.md). */
describe('insights: bio age', () => {
  const clock = new FixedClock('2026-11-25T10:00:00Z');
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;
  const auth = bearerAuth;
  const bioAge = (profile: CreatedTestProfile, query: string) => test.http.get(`/api/v1/insights/bio_age?${query}`).set(auth(profile.bearer));
  const day = (date: string, steps: number, resting: number) => ({
    external_id: `d-${date}`, date, distance: 0, steps, calories: 0, heart_rate_summary: { resting },
  });
  const night = (wake: string) => ({
    external_id: `s-${wake}`, start_time: `${wake}T00:00:00Z`, end_time: `${wake}T07:00:00Z`, total_sleep_duration: '07:00:00.000000',
  });

  beforeAll(async () => {
    test = await startTestApp({ clock });
    admin = await adminBearer(test, await createClientApp(test, 'Club'));
    ann = await createProfile(test, admin, { name: 'Ann', gender: 'male' });
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(auth(admin)).send({
      source: 'GARMIN',
      daily_summary: [day('2026-11-16', 10901, 60), day('2026-11-17', 10901, 60), day('2026-11-18', 10901, 60)],
      sleep_summary: [night('2026-11-16'), night('2026-11-17'), night('2026-11-19')],
      biometric_measurement: [{ external_id: 'v', timestamp: '2026-11-10T07:00:00Z', measurement_type: 'VO2_MAX', value: 45 }],
      bmi: [{ external_id: 'b', timestamp: '2026-10-01T07:00:00Z', bmi: 27.5 }],
    }).expect(201);
  });
  afterAll(() => test.close());

  it('answers one BioAge per ISO week overlapping the range, from the profile\'s data', async () => {
    // 2026-11-04 is a Wednesday (week of Monday 11-02), 2026-11-18 a Wednesday (week of 11-16).
    const weeks = (await bioAge(ann, 'start_date=2026-11-04&end_date=2026-11-18&birth_year=1980').expect(200)).body;
    expect(weeks.map((w: { week_start: string; week_end: string }) => [w.week_start, w.week_end])).toEqual([
      ['2026-11-02', '2026-11-08'], ['2026-11-09', '2026-11-15'], ['2026-11-16', '2026-11-22'],
    ]);
    // Week of 11-02: the VO2 max was measured on 11-10, after the week: no estimate.
    expect(weeks[0]).toEqual({
      week_start: '2026-11-02', week_end: '2026-11-08', status: 'insufficient_data', bio_age: null, fitness_age: null,
      chronological_age: 46, difference: null,
      inputs: { sex: 'male', vo2_max: null, resting_heart_rate: null, daily_steps: null, sleep_hours: null, bmi: 27.5 },
      adjustments: { resting_heart_rate: null, steps: null, sleep: null, bmi: null },
      missing: ['vo2_max', 'resting_heart_rate', 'daily_steps', 'sleep_hours'],
      reason: 'Not enough data for hunt3-fitness-age-v1: no VO2_MAX measurement in the 90 days up to the end of the week.',
      model: 'hunt3-fitness-age-v1',
    });
    // Week of 11-09: VO2 max 45 (man) -> fitness age 45 + (47 - 45) / (47 - 42) * 10 = 49; BMI 27.5 adds
    // 0.5 * 8 * ln 1.39 / ln 2 = 1.90 years: 50.9. 2026 - 1980 = 46, so 4.9 above.
    expect(weeks[1]).toMatchObject({
      status: 'ok', fitness_age: 49, bio_age: 50.9, chronological_age: 46, difference: 4.9,
      adjustments: { resting_heart_rate: null, steps: null, sleep: null, bmi: 1.9 },
      missing: ['resting_heart_rate', 'daily_steps', 'sleep_hours'], reason: null,
    });
    // Week of 11-16: also resting 60 bpm (-0.99 years), 10,901 steps (-1.81) and 7 h of sleep (0):
    // 49 - 0.99463 - 1.81417 + 0 + 1.90034 = 48.09 -> 48.1, 2.1 above 46.
    expect(weeks[2]).toMatchObject({
      status: 'ok', fitness_age: 49, bio_age: 48.1, difference: 2.1,
      inputs: { sex: 'male', vo2_max: 45, resting_heart_rate: 60, daily_steps: 10901, sleep_hours: 7, bmi: 27.5 },
      adjustments: { resting_heart_rate: -1, steps: -1.8, sleep: 0, bmi: 1.9 },
      missing: [],
    });
  });

  it('says what is missing rather than inventing a value', async () => {
    const bob = await createProfile(test, admin, { name: 'Bob' });
    const [week] = (await bioAge(bob, 'start_date=2026-11-16&end_date=2026-11-16').expect(200)).body;
    expect(week).toMatchObject({
      status: 'insufficient_data', bio_age: null, chronological_age: null, missing: ['sex', 'vo2_max', 'resting_heart_rate', 'daily_steps', 'sleep_hours', 'bmi'],
      reason: "Not enough data for hunt3-fitness-age-v1: the profile's gender is not male or female; no VO2_MAX measurement in the 90 days up to the end of the week.",
    });
  });

  it('refuses bad, reversed and too long ranges with a 400 problem, and changes nothing', async () => {
    const before = await databaseSnapshot(test);
    const refused: [string, string][] = [
      ['start_date=2026-11-18&end_date=2026-11-04', 'end_date'],
      ['start_date=2026-02-30&end_date=2026-03-04', 'start_date'],
      ['start_date=2026-11-04', 'end_date'],
      ['start_date=20261104&end_date=2026-11-18', 'start_date'],
      // Monday 2026-01-05 to Monday 2027-01-11: 54 ISO weeks (53 is the most).
      ['start_date=2026-01-05&end_date=2027-01-11', 'end_date'],
      ['start_date=2026-11-04&end_date=2026-11-18&birth_year=1800', 'birth_year'],
      ['start_date=2026-11-04&end_date=2026-11-18&birth_year=2027', 'birth_year'],
      ['start_date=2026-11-04&end_date=2026-11-18&birth_year=x', 'birth_year'],
      ['start_date=2026-11-04&end_date=2026-11-18&deduplicate=true', 'deduplicate'],
    ];
    for (const [query, field] of refused) {
      const answer = await bioAge(ann, query).expect(400);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(answer.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await bioAge(ann, 'start_date=2026-01-05&end_date=2027-01-04').expect(200)).body).toHaveLength(53);
    expect(await databaseSnapshot(test)).toEqual(before);
  });

  it('needs a profile bearer', async () => {
    await test.http.get('/api/v1/insights/bio_age?start_date=2026-11-04&end_date=2026-11-18').expect(401);
    await test.http.get('/api/v1/insights/bio_age?start_date=2026-11-04&end_date=2026-11-18').set(auth(admin)).expect(403);
  });
});
