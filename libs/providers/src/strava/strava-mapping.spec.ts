import { readHealthUpload } from '@strive/domain';
import { mapStravaActivities, stravaActivityType } from './strava-mapping';

// SummaryActivity objects as GET /athlete/activities returns them (Strava API v3 reference),
// with the quirks: moving_time < elapsed_time, start_date_local written with a Z although it is
// Los Angeles wall-clock time, distance in metres, kilojoules (rides) instead of calories.
const ride = {
  resource_state: 2,
  athlete: { id: 134815, resource_state: 1 },
  name: 'Happy Friday',
  distance: 24931.4,
  moving_time: 4207,
  elapsed_time: 4500,
  total_elevation_gain: 312.6,
  type: 'Ride',
  sport_type: 'MountainBikeRide',
  workout_type: null,
  id: 154504250376823,
  external_id: 'garmin_push_12345678987654321',
  upload_id: 987654321234567,
  start_date: '2026-05-02T12:15:09Z',
  start_date_local: '2026-05-02T05:15:09Z',
  timezone: '(GMT-08:00) America/Los_Angeles',
  utc_offset: -25200,
  start_latlng: [37.83, -122.26],
  end_latlng: [37.83, -122.26],
  achievement_count: 0,
  kudos_count: 3,
  comment_count: 1,
  athlete_count: 1,
  photo_count: 0,
  map: { id: 'a12345678987654321', summary_polyline: null, resource_state: 2 },
  trainer: false,
  commute: false,
  manual: false,
  private: false,
  flagged: false,
  gear_id: 'b12345678987654321',
  from_accepted_tag: false,
  average_speed: 5.926,
  max_speed: 11.2,
  average_watts: 136.4,
  weighted_average_watts: 155,
  kilojoules: 573.8,
  device_watts: true,
  has_heartrate: true,
  average_heartrate: 140.3,
  max_heartrate: 178,
  pr_count: 0,
  total_photo_count: 1,
  has_kudoed: false,
};
const run = {
  ...ride,
  name: 'Morning Run',
  id: 1234567809,
  distance: 10021.7,
  moving_time: 3125,
  elapsed_time: 3725,
  total_elevation_gain: 41,
  type: 'Run',
  sport_type: 'TrailRun',
  start_date: '2026-05-03T06:02:11Z',
  start_date_local: '2026-05-03T08:02:11Z',
  timezone: '(GMT+01:00) Europe/Amsterdam',
  kilojoules: undefined,
  average_watts: undefined,
  has_heartrate: false,
  average_heartrate: undefined,
  max_heartrate: undefined,
};
const manualYoga = {
  resource_state: 2, athlete: { id: 134815 }, name: 'Yoga', distance: 0, moving_time: 3600, elapsed_time: 3600,
  total_elevation_gain: 0, type: 'Yoga', sport_type: 'Yoga', id: 987, start_date: '2026-05-04T17:00:00Z',
  start_date_local: '2026-05-04T19:00:00Z', manual: true, has_heartrate: false,
};

describe('Strava activities -> workout records', () => {
  const records = mapStravaActivities([ride, run, manualYoga]);

  it('maps a ride: start_date as the instant, elapsed_time as the duration, kilojoules as kcal', () => {
    expect(records.workout?.[0]).toEqual({
      external_id: 'activity-154504250376823',
      timestamp: '2026-05-02T12:15:09Z',
      duration: '01:15:00.000000', // elapsed 4500 s, not moving 4207 s
      type: 'MOUNTAIN_BIKING',
      is_manual: false,
      name: 'Happy Friday',
      distance: 24931.4,
      steps: null,
      calories: 573.8,
      elevation_gain: 312.6,
      heart_rate_summary: { average: 140.3, min: null, max: 178 },
    });
  });

  it('maps a run without heart rate or energy, and never reads start_date_local as UTC', () => {
    expect(records.workout?.[1]).toMatchObject({
      external_id: 'activity-1234567809',
      timestamp: '2026-05-03T06:02:11Z',
      duration: '01:02:05.000000',
      type: 'TRAIL_RUNNING',
      distance: 10021.7,
      calories: null,
      heart_rate_summary: null,
    });
    expect(records.workout?.[2]).toMatchObject({ type: 'YOGA', is_manual: true, distance: 0, duration: '01:00:00.000000' });
  });

  it('gives records the upload endpoint accepts', () => {
    const upload = readHealthUpload({ source: 'STRAVA', ...records }, new Date('2026-06-01T00:00:00Z'));
    expect(upload.records.map((r) => r.externalId)).toEqual(['activity-154504250376823', 'activity-1234567809', 'activity-987']);
    expect(upload.records[0].endTime?.toISOString()).toBe('2026-05-02T13:30:09.000Z');
  });

  it('prefers a detailed activity\'s calories to kilojoules', () => {
    expect(mapStravaActivities([{ ...ride, calories: 690.2 }]).workout?.[0]).toMatchObject({ calories: 690.2 });
  });

  it('leaves out what the contract cannot hold: no start, over 7 days, not an object', () => {
    const broken = [{ ...run, start_date: undefined }, { ...run, id: 5, elapsed_time: 8 * 24 * 3600 }, 'nonsense', null];
    expect(mapStravaActivities(broken).workout).toEqual([]);
  });

  it('maps sport types, the legacy type when sport_type is absent, and OTHER for the unknown', () => {
    expect(stravaActivityType('VirtualRide')).toBe('INDOOR_CYCLING');
    expect(stravaActivityType('WeightTraining')).toBe('STRENGTH_TRAINING');
    expect(stravaActivityType('Pickleball')).toBe('OTHER');
    expect(stravaActivityType(null)).toBe('OTHER');
    expect(mapStravaActivities([{ ...run, sport_type: undefined, type: 'Swim' }]).workout?.[0]).toMatchObject({ type: 'SWIMMING' });
  });
});
