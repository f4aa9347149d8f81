import { mergeRecords, RecordRow, uploadableRecords, wholeItemsPage } from './provider-records';

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

  it('fills a page with whole items up to the limit, and carries the rest to the next page', () => {
    const night = (date: string, stages: number) => ({
      sleep_summary: [{ external_id: date }],
      sleep_detail: Array.from({ length: stages }, (_, i) => ({ external_id: `${date}:${i}` })),
    });
    // Sizes 4, 5, 3 with a limit of 9: [4, 5], then [3].
    const items = [night('d1', 3), night('d2', 4), night('d3', 2)];
    const first = wholeItemsPage(items, 0, 9);
    expect(first.next).toBe(2);
    expect((first.records.sleep_summary ?? []).map((r) => r.external_id)).toEqual(['d1', 'd2']);
    expect(first.records.sleep_detail).toHaveLength(7);
    expect(wholeItemsPage(items, 2, 9)).toEqual({ records: items[2], next: null });
    // An item larger than the limit still makes a page of its own.
    expect(wholeItemsPage([night('big', 20), night('d4', 1)], 0, 9).next).toBe(1);
  });
});
