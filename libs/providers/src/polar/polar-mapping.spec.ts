import { readHealthUpload } from '@strive/domain';
import { ProviderRecords } from '@strive/domain';
import { mergeRecords, RecordRow } from '../provider-records';
import { mapPolarDailyActivities, mapPolarExercises, mapPolarHeartRateDays, mapPolarNights, parseIsoDuration, polarInstant, polarSportType } from './polar-mapping';

// Payloads written from the AccessLink v3 reference (exercises, daily activity, sleep,
// nightly recharge, continuous heart rate).
const NOW = new Date('2026-11-23T00:00:00Z');
const uploadable = (records: object) => readHealthUpload({ source: 'POLAR', ...records }, NOW);
const nights = (sleep: unknown, recharge: unknown): ProviderRecords => {
  const out: Record<string, RecordRow[]> = {};
  for (const night of mapPolarNights(sleep, recharge)) mergeRecords(out, night);
  return out;
};

describe('Polar mapping', () => {
  it('reads ISO 8601 durations', () => {
    expect(parseIsoDuration('PT1H2M3S')).toBe(3723);
    expect(parseIsoDuration('PT45M12S')).toBe(2712);
    expect(parseIsoDuration('PT0.5S')).toBe(0.5);
    expect(parseIsoDuration('P1DT2H')).toBe(93600);
    expect(parseIsoDuration('PT')).toBeNull();
    expect(parseIsoDuration('P')).toBeNull();
    expect(parseIsoDuration('1:02:03')).toBeNull();
    expect(parseIsoDuration(3723)).toBeNull();
  });

  it('places a local wall time by its offset east of UTC', () => {
    expect(polarInstant('2026-11-20T08:00:00', 120)?.toISOString()).toBe('2026-11-20T06:00:00.000Z');
    expect(polarInstant('2026-11-20T01:30:00', -300)?.toISOString()).toBe('2026-11-20T06:30:00.000Z');
    expect(polarInstant('2026-11-20 08:00', 0)).toBeNull();
  });

  it('maps an exercise: local start and offset to an instant, ISO duration, metres', () => {
    const records = mapPolarExercises([{
      id: 'aQlC83',
      upload_time: '2026-11-20T09:10:00Z',
      polar_user: 'https://www.polaraccesslink.com/v3/users/475',
      device: 'Polar Vantage V3',
      start_time: '2026-11-20T08:00:00',
      start_time_utc_offset: 120,
      duration: 'PT1H2M3S',
      calories: 711,
      distance: 10221.4,
      heart_rate: { average: 149, maximum: 178 },
      training_load: 143.2,
      sport: 'RUNNING',
      has_route: true,
      detailed_sport_info: 'TRAIL_RUNNING',
    }]);
    expect(records.workout).toEqual([{
      external_id: 'aQlC83',
      timestamp: '2026-11-20T06:00:00.000Z',
      duration: '01:02:03.000000',
      type: 'TRAIL_RUNNING',
      distance: 10221.4,
      calories: 711,
      heart_rate_summary: { average: 149, max: 178 },
    }]);
    uploadable(records);
    expect(polarSportType('WATERSPORTS_WATERSKI', 'OTHER')).toBe('OTHER');
    expect(polarSportType('UNKNOWN_THING', 'CYCLING')).toBe('CYCLING');
    // Unreadable exercises are skipped.
    expect(mapPolarExercises([{ id: 'x', start_time: 'yesterday', duration: 'PT1M' }, { id: 'y', start_time: '2026-11-20T08:00:00', duration: '1 hour' }])).toEqual({});
  });

  it('maps a day of activity to the daily summary of its local date', () => {
    const records = mapPolarDailyActivities([{
      start_time: '2026-11-20T00:00:00',
      end_time: '2026-11-21T00:00:00',
      active_duration: 'PT2H14M',
      inactive_duration: 'PT8H30M',
      daily_activity: 92.5,
      calories: 2480,
      active_calories: 740,
      steps: 12034,
      inactivity_alert_count: 1,
      distance_from_steps: 9120.7,
    }]);
    expect(records.daily_summary).toEqual([{
      external_id: '2026-11-20', date: '2026-11-20', distance: 9120.7, steps: 12034, calories: 2480, active_duration: '02:14:00.000000',
    }]);
    uploadable(records);
  });

  it('maps a night with its recharge, and places the local HH:MM hypnogram across midnight', () => {
    const records = nights(
      {
        nights: [{
          polar_user: 'https://www.polaraccesslink.com/v3/users/475',
          date: '2026-11-20',
          sleep_start_time: '2026-11-19T23:05:00+01:00',
          sleep_end_time: '2026-11-20T06:50:00+01:00',
          device_id: '1111AAAA',
          continuity: 2.1,
          light_sleep: 13200,
          deep_sleep: 6120,
          rem_sleep: 6000,
          unrecognized_sleep_stage: 0,
          sleep_score: 82,
          total_interruption_duration: 2580,
          sleep_charge: 3,
          hypnogram: { '23:05': 2, '23:50': 4, '00:40': 1, '06:30': 0 },
          heart_rate_samples: { '23:05': 60, '00:40': 52 },
        }],
      },
      { recharges: [{ polar_user: 'https://www.polaraccesslink.com/v3/users/475', date: '2026-11-20', heart_rate_avg: 55, beat_to_beat_avg: 1090, heart_rate_variability_avg: 48, breathing_rate_avg: 14.5, nightly_recharge_status: 3, ans_charge: 2.5, ans_charge_status: 3 }] },
    );
    // Asleep: 13,200 + 6,120 + 6,000 = 25,320 s = 7 h 02 min.
    expect(records.sleep_summary).toEqual([{
      external_id: '2026-11-20',
      start_time: '2026-11-19T22:05:00.000Z',
      end_time: '2026-11-20T05:50:00.000Z',
      total_sleep_duration: '07:02:00.000000',
      awake_duration: '00:43:00.000000',
      light_duration: '03:40:00.000000',
      deep_duration: '01:42:00.000000',
      rem_duration: '01:40:00.000000',
      sleep_score: 82,
      average_heart_rate: 55,
      average_hrv: 48,
      respiratory_rate: 14.5,
    }]);
    // 23:05 and 23:50 local are on the 19th; 00:40 and 06:30 on the 20th (UTC+1).
    expect(records.sleep_detail).toEqual([
      { external_id: '2026-11-20:2026-11-19T22:05:00.000Z', start_time: '2026-11-19T22:05:00.000Z', end_time: '2026-11-19T22:50:00.000Z', stage: 'LIGHT' },
      { external_id: '2026-11-20:2026-11-19T22:50:00.000Z', start_time: '2026-11-19T22:50:00.000Z', end_time: '2026-11-19T23:40:00.000Z', stage: 'DEEP' },
      { external_id: '2026-11-20:2026-11-19T23:40:00.000Z', start_time: '2026-11-19T23:40:00.000Z', end_time: '2026-11-20T05:30:00.000Z', stage: 'REM' },
      { external_id: '2026-11-20:2026-11-20T05:30:00.000Z', start_time: '2026-11-20T05:30:00.000Z', end_time: '2026-11-20T05:50:00.000Z', stage: 'AWAKE' },
    ]);
    uploadable(records);
  });

  it('maps a night without recharge, and a night starting after midnight', () => {
    const records = nights({
      nights: [{ date: '2026-11-21', sleep_start_time: '2026-11-21T00:20:00-05:00', sleep_end_time: '2026-11-21T07:00:00-05:00', light_sleep: 3600, hypnogram: { '00:20': 3, '01:20': 5 } }],
    }, null);
    expect(records.sleep_summary?.[0]).toMatchObject({ start_time: '2026-11-21T05:20:00.000Z', total_sleep_duration: '01:00:00.000000', average_hrv: null, deep_duration: null });
    expect(records.sleep_detail?.map((row) => [row.start_time, row.stage])).toEqual([
      ['2026-11-21T05:20:00.000Z', 'LIGHT'], ['2026-11-21T06:20:00.000Z', 'UNKNOWN'],
    ]);
    uploadable(records);
  });

  it('maps a day of continuous heart rate to its statistics', () => {
    const records = mapPolarHeartRateDays({
      heart_rates: [{
        polar_user: 'https://www.polaraccesslink.com/v3/users/475',
        date: '2026-11-20',
        heart_rate_samples: [{ heart_rate: 63, sample_time: '00:02:08' }, { heart_rate: 71, sample_time: '00:07:08' }, { heart_rate: 140, sample_time: '07:31:08' }],
      }, { date: '2026-11-21', heart_rate_samples: [] }],
    });
    // (63 + 71 + 140) / 3 = 91.3
    expect(records.heartrate_summary).toEqual([{ external_id: '2026-11-20', date: '2026-11-20', average: 91.3, min: 63, max: 140 }]);
    uploadable(records);
  });
});
