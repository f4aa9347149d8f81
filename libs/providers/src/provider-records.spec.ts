import { mergeRecords, RecordRow, uploadableRecords } from './provider-records';

const NOW = new Date('2026-11-23T00:00:00Z');
const run = { external_id: 'w-1', timestamp: '2026-11-20T07:00:00Z', duration: '00:45:12', type: 'RUNNING', distance: 8040 };

describe('provider records', () => {
  it('appends a mapping\'s records to a page by type', () => {
    const page: Record<string, RecordRow[]> = { workout: [run] };
    mergeRecords(page, { workout: [{ ...run, external_id: 'w-2' }], weight: [{ external_id: 'm-1', timestamp: '2026-11-20T06:30:00Z', weight: 72.4 }] });
    expect(page.workout.map((r) => r.external_id)).toEqual(['w-1', 'w-2']);
    expect(page.weight).toHaveLength(1);
  });

  it('hands back a page the upload rules accept as it is', () => {
    const records = { workout: [run] };
    expect(uploadableRecords('GARMIN', records, NOW)).toBe(records);
  });

  it('leaves out the records the upload rules refuse and keeps the rest', () => {
    const page = {
      workout: [run, { ...run, external_id: 'w-9', duration: '200:00:00' }],
      weight: [{ external_id: 'm-0', timestamp: '2026-11-20T06:30:00Z', weight: 0 }],
      sleep_summary: [{ external_id: 's-1', start_time: '2026-11-19T23:00:00Z', end_time: '2026-11-20T07:00:00Z' }],
    };
    expect(uploadableRecords('POLAR', page, NOW)).toEqual({ workout: [run], sleep_summary: page.sleep_summary });
  });
});
