import { aProfile } from '../../testing/gamification-world';
import { writeWorld } from '../../testing/write-world';
import { HealthRecord } from '../records/health-record';
import { ActivityChange, ActivityChangeListener } from '../ports/activity-change-listener';
import { RecordActivityUseCase } from './record-activity.use-case';

const at = new Date('2026-10-01T07:00:00Z');
const workout = (externalId: string, start: Date, minutes: number): HealthRecord => ({
  type: 'workout', source: 'GARMIN', externalId, subtype: '', time: start, endTime: new Date(start.getTime() + minutes * 60_000),
  data: { type: 'RUNNING', duration: `00:${String(minutes).padStart(2, '0')}:00.000000`, distance: 1000, steps: null, calories: null, is_manual: null },
});

function world() {
  const w = writeWorld({ profiles: [aProfile()] });
  const told: ActivityChange[] = [];
  const spy: ActivityChangeListener = { activityChanged: async (change) => void told.push(change) };
  return { ...w, told, sut: new RecordActivityUseCase(w.unitOfWork, [spy]) };
}

describe(RecordActivityUseCase.name, () => {
  it('gives a zero-length workout a span of one millisecond', async () => {
    const { sut, told } = world();
    await sut.execute({ appId: 'app-1', profileId: 'profile-1', records: [workout('w', at, 0)] });
    expect(told.map(({ from, to, replaced }) => ({ from, to, replaced }))).toEqual([{ from: at, to: new Date(at.getTime() + 1), replaced: false }]);
  });

  it('tells the listeners about an event at its instant, with no records', async () => {
    const { sut, told } = world();
    const event = { id: 'e', profileId: 'profile-1', name: 'quiz', points: 2, timestamp: at, activityType: null, reference: '' };
    await sut.execute({ appId: 'app-1', profileId: 'profile-1', events: [event] });
    expect(told).toEqual([{ appId: 'app-1', profileId: 'profile-1', from: at, to: new Date(at.getTime() + 1), replaced: false }]);
  });

  it('says a stored record was replaced, and spans only what was written', async () => {
    const { sut, told } = world();
    const later = new Date(at.getTime() + 2 * 3_600_000);
    await sut.execute({ appId: 'app-1', profileId: 'profile-1', records: [workout('a', at, 30), workout('b', later, 10)] });
    // a is replaced (40 minutes now), b comes again unchanged: the span is a's alone.
    await sut.execute({ appId: 'app-1', profileId: 'profile-1', records: [workout('a', at, 40), workout('b', later, 10)] });
    expect(told[1]).toMatchObject({ replaced: true, from: at, to: new Date(at.getTime() + 40 * 60_000) });
  });

  it('tells nobody when nothing that scores was written', async () => {
    const { sut, told } = world();
    const weight: HealthRecord = { type: 'weight', source: 'GARMIN', externalId: 'x', subtype: '', time: at, endTime: null, data: { weight: 70 } };
    const result = await sut.execute({ appId: 'app-1', profileId: 'profile-1', records: [weight] });
    expect([result.change, told]).toEqual([null, []]);
  });
});

describe(`${RecordActivityUseCase.name} data pushes`, () => {
  it('queues a push per written record of a type the app has an endpoint of, in the same unit of work', async () => {
    const { sut, dataPushes, unitOfWork } = world();
    dataPushes.subscribe('app-1', 'activity');
    await sut.execute({ appId: 'app-1', profileId: 'profile-1', records: [workout('a', at, 30)] });
    // resent unchanged: nothing written, nothing pushed again
    await sut.execute({ appId: 'app-1', profileId: 'profile-1', records: [workout('a', at, 30)] });

    expect(unitOfWork.runs).toBe(2);
    expect(dataPushes.pushes).toEqual([
      {
        appId: 'app-1', dataType: 'activity',
        // default points: 0.1 per minute over 5 minutes -> 30 min = 3
        body: { profile: 'profile-1', data: { timestamp: '2026-10-01T07:00:00.000Z', duration: '00:30:00.000000', source: 'GARMIN', is_manual: null, type: 'RUNNING', distance: 1000, steps: null, calories: null, points: 3 } },
      },
    ]);
  });

  it('queues nothing for an app without endpoints', async () => {
    const { sut, dataPushes } = world();
    dataPushes.subscribe('another-app', 'activity');
    await sut.execute({ appId: 'app-1', profileId: 'profile-1', records: [workout('a', at, 30)] });
    expect(dataPushes.pushes).toEqual([]);
  });
});
