import { AppFeatureRepository } from '@strive/domain';
import { InMemoryAppFeatureRepository } from '@strive/domain/testing';
import { TypeOrmAppFeatureRepository } from '../../src/persistence/features/typeorm-app-feature.repository';
import { describeContract } from './support/contract';
import { ID, seedProfiles } from './support/fixtures';

describeContract('AppFeatureRepository', (world) => {
  let features: AppFeatureRepository;
  beforeEach(async () => {
    await seedProfiles(world());
    const engine = world().engine;
    features = engine ? new TypeOrmAppFeatureRepository(engine) : new InMemoryAppFeatureRepository();
  });

  it('grants once, per app, and revokes', async () => {
    const at = new Date('2026-11-22T10:00:00Z');
    expect(await features.isGranted(ID.appA, 'ecg_pdf')).toBe(false);
    expect(await features.grant(ID.appA, 'ecg_pdf', at)).toBe(true);
    expect(await features.grant(ID.appA, 'ecg_pdf', at)).toBe(false);
    expect(await features.isGranted(ID.appA, 'ecg_pdf')).toBe(true);
    expect(await features.isGranted(ID.appB, 'ecg_pdf')).toBe(false);
    expect(await features.revoke(ID.appB, 'ecg_pdf')).toBe(false);
    expect(await features.revoke(ID.appA, 'ecg_pdf')).toBe(true);
    expect(await features.revoke(ID.appA, 'ecg_pdf')).toBe(false);
    expect(await features.isGranted(ID.appA, 'ecg_pdf')).toBe(false);
  });

  it('keeps the time of the first grant (a database keeps it in the row)', async () => {
    const engine = world().engine;
    if (!engine) return;
    await features.grant(ID.appA, 'ecg_pdf', new Date('2026-11-22T10:00:00Z'));
    await features.grant(ID.appA, 'ecg_pdf', new Date('2026-11-23T10:00:00Z'));
    const rows = await engine.query('SELECT app_id, feature, granted_at FROM app_feature');
    expect(rows).toEqual([{ app_id: ID.appA, feature: 'ecg_pdf', granted_at: new Date('2026-11-22T10:00:00Z') }]);
  });
});
