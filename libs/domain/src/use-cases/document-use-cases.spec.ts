import { FixedClock, identityWorld, InMemoryAppFeatureRepository, InMemoryHealthRecordRepository } from '../../testing';
import { ActivityFileErrorCode } from '../documents/activity-file';
import { EcgErrorCode } from '../documents/ecg-chart';
import { AppFeatureErrorCode } from '../features/app-feature';
import { IdentityErrorCode } from '../identity/identity-error';
import { Principal } from '../identity/principal';
import { HealthRecord } from '../records/health-record';
import { GetActivityFileUseCase } from './get-activity-file.use-case';
import { GetEcgRecordingsUseCase } from './get-ecg-recordings.use-case';
import { GetProfileUseCase } from './get-profile.use-case';
import { GrantAppFeatureUseCase } from './grant-app-feature.use-case';
import { RevokeAppFeatureUseCase } from './revoke-app-feature.use-case';

async function setup() {
  const world = identityWorld();
  const features = new InMemoryAppFeatureRepository();
  const records = new InMemoryHealthRecordRepository();
  const created = await world.createApp.execute({ name: 'A' });
  const app = created.app;
  const ann = (await world.createProfile.execute({ appId: app.id, fields: { name: 'Ann', gender: null, reference: '' } })).profile;
  const bob = (await world.createProfile.execute({ appId: app.id, fields: { name: 'Bob', gender: null, reference: '' } })).profile;
  const getProfile = new GetProfileUseCase(world.profiles);
  const clock = new FixedClock('2026-11-22T10:00:00Z');
  return {
    app, clientId: created.credentials.clientId, ann, bob, features, records,
    asAnn: { kind: 'profile', appId: app.id, profileId: ann.id } as Principal,
    grant: new GrantAppFeatureUseCase(world.apps, features, clock),
    revoke: new RevokeAppFeatureUseCase(world.apps, features),
    ecg: new GetEcgRecordingsUseCase(features, getProfile, records),
    activityFile: new GetActivityFileUseCase(getProfile, records),
  };
}

const ecgRecord = (externalId: string, time: string, source: 'APPLE' | 'WITHINGS' = 'APPLE'): HealthRecord => ({
  type: 'ecg_recordings', source, externalId, time: new Date(time), endTime: null, subtype: '',
  data: { start_time: time, sampling_frequency: 1, samples: [[0, 0]] },
});

describe('app features', () => {
  it('grants and revokes a feature by client id, saying whether anything changed', async () => {
    const s = await setup();
    expect(await s.grant.execute({ clientId: s.clientId, feature: 'ecg_pdf' })).toBe(true);
    expect(await s.grant.execute({ clientId: s.clientId, feature: 'ecg_pdf' })).toBe(false);
    expect(s.features.grants.get(`${s.app.id} ecg_pdf`)).toEqual(new Date('2026-11-22T10:00:00Z'));
    expect(await s.revoke.execute({ clientId: s.clientId, feature: 'ecg_pdf' })).toBe(true);
    expect(await s.revoke.execute({ clientId: s.clientId, feature: 'ecg_pdf' })).toBe(false);
    expect(await s.features.isGranted(s.app.id, 'ecg_pdf')).toBe(false);
  });

  it('refuses an unknown feature or client id', async () => {
    const s = await setup();
    await expect(s.grant.execute({ clientId: s.clientId, feature: 'x_ray' })).rejects.toMatchObject({ code: AppFeatureErrorCode.UnknownFeature });
    await expect(s.revoke.execute({ clientId: s.clientId, feature: 'x_ray' })).rejects.toMatchObject({ code: AppFeatureErrorCode.UnknownFeature });
    await expect(s.grant.execute({ clientId: 'nobody', feature: 'ecg_pdf' })).rejects.toMatchObject({ code: AppFeatureErrorCode.UnknownApp });
    await expect(s.revoke.execute({ clientId: 'nobody', feature: 'ecg_pdf' })).rejects.toMatchObject({ code: AppFeatureErrorCode.UnknownApp });
  });
});

describe(GetEcgRecordingsUseCase.name, () => {
  it('needs the ecg_pdf feature, then finds the recordings of the source that start within the second', async () => {
    const s = await setup();
    await s.records.upsert(s.app.id, s.ann.id, [
      ecgRecord('a', '2026-11-20T12:00:00Z'), ecgRecord('b', '2026-11-20T12:00:00.999Z'), ecgRecord('c', '2026-11-20T12:00:01Z'),
      ecgRecord('d', '2026-11-20T12:00:00Z', 'WITHINGS'),
    ]);
    const input = { principal: s.asAnn, profileId: s.ann.id, at: new Date('2026-11-20T12:00:00Z'), source: 'APPLE' as const };
    await expect(s.ecg.execute(input)).rejects.toMatchObject({ code: AppFeatureErrorCode.NotGranted });
    await s.grant.execute({ clientId: s.clientId, feature: 'ecg_pdf' });
    const found = await s.ecg.execute(input);
    expect(found.profile.name).toBe('Ann');
    expect(found.recordings.map((r) => r.start.toISOString())).toEqual(['2026-11-20T12:00:00.000Z', '2026-11-20T12:00:00.999Z']);
    await expect(s.ecg.execute({ ...input, at: new Date('2026-11-20T11:59:59Z') })).rejects.toMatchObject({ code: EcgErrorCode.NoRecording });
    await expect(s.ecg.execute({ ...input, profileId: s.bob.id })).rejects.toMatchObject({ code: IdentityErrorCode.NotOwnProfile });
  });
});

describe(GetActivityFileUseCase.name, () => {
  it('builds the file of a workout with samples; GPX only with a track; others not found', async () => {
    const s = await setup();
    const workout = (externalId: string, data: Record<string, unknown> = {}): HealthRecord => ({
      type: 'workout', source: 'GARMIN', externalId, time: new Date('2026-11-20T07:00:00Z'), endTime: new Date('2026-11-20T07:10:00Z'), subtype: '',
      data: { duration: '00:10:00', type: 'RUNNING', distance: 1000, ...data },
    });
    await s.records.upsert(s.app.id, s.ann.id, [
      workout('run'), workout('hr', { heart_rate_samples: [{ timestamp: '2026-11-20T07:01:00Z', bpm: 100 }] }), workout('plain'),
      { type: 'track_sample', source: 'GARMIN', externalId: 't', time: new Date('2026-11-20T07:00:05Z'), endTime: null, subtype: '', data: { latitude: 1, longitude: 2, workout_external_id: 'run' } },
    ]);
    const [run, hr, plain] = ['run', 'hr', 'plain'].map((id) => [...s.records.rows.values()].find((r) => r.externalId === id)?.id as string);
    const get = (activityId: string, format?: 'gpx' | 'tcx' | 'fit') => s.activityFile.execute({ principal: s.asAnn, profileId: s.ann.id, activityId, format });
    expect((await get(run)).format).toBe('gpx');
    expect((await get(run)).file.points).toHaveLength(1);
    expect((await get(hr)).format).toBe('tcx');
    expect((await get(hr, 'fit')).format).toBe('fit');
    await expect(get(hr, 'gpx')).rejects.toMatchObject({ code: ActivityFileErrorCode.FormatUnavailable });
    await expect(get(plain)).rejects.toMatchObject({ code: ActivityFileErrorCode.NotFound });
    await expect(get('999')).rejects.toMatchObject({ code: ActivityFileErrorCode.NotFound });
  });
});
