import { chartEcg, EcgRecording, toEcgRecording } from './ecg-chart';

const recording = (samples: [number, number][]): EcgRecording => ({
  source: 'APPLE', start: new Date('2026-11-20T12:00:00Z'), samplingFrequency: 1, classification: null, averageHeartRate: null, lead: null, samples,
});

describe(chartEcg.name, () => {
  it('cuts 10-second strips and gives millivolts above the median sample', () => {
    // Samples at 0, 5, 10, 15 s: 1000, 1500, 2000, 1000 µV; median (1000 + 1500) / 2 = 1250 µV.
    const chart = chartEcg(recording([[0, 1000], [5, 1500], [10, 2000], [15, 1000]]));
    expect(chart.baselineMicrovolts).toBe(1250);
    expect(chart.durationSeconds).toBe(15);
    expect(chart.truncated).toBe(false);
    expect(chart.strips).toEqual([
      { startSecond: 0, points: [[0, -0.25], [5, 0.25]] },
      { startSecond: 10, points: [[0, 0.75], [5, -0.25]] },
    ]);
  });

  it('takes the middle sample as the baseline of an odd number of samples', () => {
    // 0, 5000, 300 µV: median 300 µV.
    expect(chartEcg(recording([[0, 0], [1, 5000], [2, 300]])).strips[0].points).toEqual([[0, -0.3], [1, 4.7], [2, 0]]);
  });

  it('keeps a sample at exactly the end of the last strip on that strip', () => {
    const chart = chartEcg(recording([[0, 0], [10, 0]]));
    expect(chart.strips).toEqual([{ startSecond: 0, points: [[0, 0], [10, 0]] }]);
  });

  it('charts at most 300 s (30 strips) and says the rest was left out', () => {
    const samples: [number, number][] = Array.from({ length: 321 }, (_, i) => [i, 0]);
    const chart = chartEcg(recording(samples));
    expect(chart.strips).toHaveLength(30);
    expect(chart.strips[29]).toEqual({ startSecond: 290, points: Array.from({ length: 10 }, (_, i) => [i, 0]) });
    expect(chart.truncated).toBe(true);
    expect(chart.durationSeconds).toBe(320);
  });

  it('draws one empty strip for a recording without samples', () => {
    expect(chartEcg(recording([]))).toEqual({ strips: [{ startSecond: 0, points: [] }], durationSeconds: 0, truncated: false, baselineMicrovolts: 0 });
  });
});

describe(toEcgRecording.name, () => {
  it('reads the stored fields and orders the samples by time', () => {
    const stored = {
      id: '1', type: 'ecg_recordings' as const, source: 'WITHINGS' as const, externalId: 'e', time: new Date('2026-11-20T12:00:00Z'), endTime: null, subtype: '',
      data: { start_time: '2026-11-20T12:00:00Z', sampling_frequency: 300, classification: 'ATRIAL_FIBRILLATION', average_heart_rate: 112, lead: 'I', samples: [[1, 2], [0, 1]] },
    };
    expect(toEcgRecording(stored)).toEqual({
      source: 'WITHINGS', start: new Date('2026-11-20T12:00:00Z'), samplingFrequency: 300, classification: 'ATRIAL_FIBRILLATION',
      averageHeartRate: 112, lead: 'I', samples: [[0, 1], [1, 2]],
    });
    expect(toEcgRecording({ ...stored, data: { sampling_frequency: 300, classification: null, average_heart_rate: null, samples: [] } })).toMatchObject({
      classification: null, averageHeartRate: null, lead: null, samples: [],
    });
  });
});
