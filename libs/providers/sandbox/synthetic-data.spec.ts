import { heartRateSamples, pastDates, syntheticDay } from './synthetic-data';

describe('synthetic sandbox data', () => {
  it('is the same for the same vendor, user and day, and differs between users', () => {
    expect(JSON.stringify(syntheticDay('fitbit', 'A1', '2026-03-10'))).toBe(JSON.stringify(syntheticDay('fitbit', 'A1', '2026-03-10')));
    expect(syntheticDay('fitbit', 'A1', '2026-03-10').steps).not.toBe(syntheticDay('fitbit', 'B2', '2026-03-10').steps);
  });

  it('makes a night whose stages follow one another from bedtime to waking, and add up', () => {
    const { sleep } = syntheticDay('oura', 'u', '2026-03-10');
    let at = sleep.start.toMillis();
    for (const stage of sleep.stages) {
      expect(stage.start.toMillis()).toBe(at);
      at += stage.seconds * 1000;
    }
    expect(at).toBe(sleep.end.toMillis());
    const total = Object.values(sleep.seconds).reduce((a, b) => a + b, 0);
    expect(total * 1000).toBe(sleep.end.toMillis() - sleep.start.toMillis());
  });

  it('has data only for days that are over where the user lives', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const days = pastDates('strava', '1', '2026-03-07', '2026-03-12', now);
    expect(days[0]).toBe('2026-03-07');
    expect(days.at(-1)! < '2026-03-10').toBe(true);
  });

  it('samples heart rate every 5 minutes through a 25-hour day (summer time ends)', () => {
    // Zones are picked from the user id: find a user in New York, where 2026-11-01 has 25 hours.
    const user = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'].find((id) => syntheticDay('x', id, '2026-11-01').zone === 'America/New_York');
    expect(user).toBeDefined();
    expect(heartRateSamples('x', user!, '2026-11-01').length).toBe(25 * 12);
    expect(heartRateSamples('x', user!, '2026-11-02').length).toBe(24 * 12);
  });
});
