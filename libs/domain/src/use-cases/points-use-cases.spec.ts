import { aProfile } from '../../testing/gamification-world';
import { writeWorld } from '../../testing/write-world';
import { PointsDefinitionMother } from '../../testing/points-definition-mother';
import { IdentityErrorCode } from '../identity/identity-error';
import { defaultPointsDefinition } from '../points/points-definition';
import { PointsErrorCode } from '../points/points-error';
import { AwardEventPointsUseCase } from './award-event-points.use-case';
import { RecordActivityUseCase } from './record-activity.use-case';
import { GetPointsDefinitionUseCase } from './get-points-definition.use-case';
import { SetPointsDefinitionUseCase } from './set-points-definition.use-case';

function world() {
  const w = writeWorld({ profiles: [aProfile()] });
  return {
    ...w,
    award: new AwardEventPointsUseCase(w.profiles, new RecordActivityUseCase(w.unitOfWork, []), w.ids, w.clock),
    setDefinition: new SetPointsDefinitionUseCase(w.unitOfWork),
    getDefinition: new GetPointsDefinitionUseCase(w.pointsDefinitions),
  };
}

describe(AwardEventPointsUseCase.name, () => {
  it('records the event with a generated id, stamped now by default', async () => {
    const sut = world();
    const event = await sut.award.execute({ appId: 'app-1', profileId: 'profile-1', name: 'quiz', points: 15 });
    expect(event).toEqual({
      id: '00000000-0000-4000-8000-000000000001', profileId: 'profile-1', name: 'quiz', points: 15,
      timestamp: new Date('2026-03-04T10:00:00Z'), activityType: null, reference: '',
    });
    expect(await sut.pointsEvents.listByProfile('profile-1')).toEqual([event]);
  });

  it('refuses invalid points and unknown profiles, storing nothing', async () => {
    const sut = world();
    await expect(sut.award.execute({ appId: 'app-1', profileId: 'profile-1', name: 'quiz', points: -1 })).rejects.toMatchObject({ code: PointsErrorCode.InvalidEvent });
    await expect(sut.award.execute({ appId: 'app-2', profileId: 'profile-1', name: 'quiz', points: 1 })).rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
    expect(sut.pointsEvents.events).toEqual([]);
  });
});

describe('points definition use cases', () => {
  it('get returns the default, then what set stored', async () => {
    const sut = world();
    expect(await sut.getDefinition.execute({ appId: 'app-1' })).toEqual(defaultPointsDefinition('app-1'));
    const definition = PointsDefinitionMother.create({ daily: { perKilometre: 1 } });
    await sut.setDefinition.execute({ definition });
    expect(await sut.getDefinition.execute({ appId: 'app-1' })).toBe(definition);
    // The recount of every profile is a job, asked for in the same unit of work; asking twice waits once.
    await sut.setDefinition.execute({ definition });
    expect(sut.jobs.pending).toEqual([{ type: 'points.recount', appId: 'app-1' }]);
  });

  it('set refuses an invalid definition and keeps the old one', async () => {
    const sut = world();
    const invalid = PointsDefinitionMother.create({ daily: { perKilometre: 1 }, activities: [PointsDefinitionMother.activityRule('RUNNING', { perKilometre: 1 })] });
    await expect(sut.setDefinition.execute({ definition: invalid })).rejects.toMatchObject({ code: PointsErrorCode.MetricCountedTwice });
    expect(await sut.pointsDefinitions.findByApp('app-1')).toBeNull();
    expect(sut.jobs.pending).toEqual([]);
  });
});
