import { defaultPointsDefinition } from '../points/points-definition';
import { HealthRecord } from '../records/health-record';
import { dataPushesOf } from './data-push';
import { DataPushType } from './push-endpoint';

const run: HealthRecord = {
  type: 'workout', source: 'GARMIN', externalId: 'run-1', time: new Date('2026-05-01T07:00:00Z'), endTime: new Date('2026-05-01T07:30:00.5Z'), subtype: '',
  data: { timestamp: '2026-05-01T07:00:00.000Z', duration: '00:30:00.5', type: 'RUNNING', is_manual: false, distance: 5000, steps: 4000, calories: 300 },
};
const stress: HealthRecord = {
  type: 'stress_summary', source: 'OURA', externalId: 's-1', time: new Date('2026-05-01T00:00:00Z'), endTime: null, subtype: '',
  data: { date: '2026-05-01', average: 40 },
};
const definition = defaultPointsDefinition('a1');
const subscribed = (...types: DataPushType[]) => new Set(types);

describe(dataPushesOf.name, () => {
  it('pushes a workout as the workout push record (activity), with its points', () => {
    const [push] = dataPushesOf('a1', 'p1', [run], subscribed('activity'), definition);
    // default definition: 0.1 point per minute for 30 min 0.5 s -> 3 (rounded to 2 decimals: 3.00)
    expect(push).toEqual({
      appId: 'a1',
      dataType: 'activity',
      body: {
        profile: 'p1',
        data: { timestamp: '2026-05-01T07:00:00.000Z', duration: '00:30:00.500000', source: 'GARMIN', is_manual: false, type: 'RUNNING', distance: 5000, steps: 4000, calories: 300, points: 3 },
      },
    });
  });

  it('pushes a workout as the vendor record too when the app has a workout endpoint', () => {
    const pushes = dataPushesOf('a1', 'p1', [run], subscribed('activity', 'workout'), definition);
    expect(pushes.map((p) => p.dataType)).toEqual(['activity', 'workout']);
    expect(pushes[1].body.data).toMatchObject({ type: 'RUNNING', duration: '00:30:00.5', source: 'GARMIN', external_id: 'run-1', points: 3 });
  });

  it('pushes only the types the app has an endpoint of', () => {
    expect(dataPushesOf('a1', 'p1', [run, stress], subscribed('stress_summary'), definition).map((p) => [p.dataType, p.body.data.external_id])).toEqual([
      ['stress_summary', 's-1'],
    ]);
    expect(dataPushesOf('a1', 'p1', [run, stress], subscribed(), definition)).toEqual([]);
  });
});
