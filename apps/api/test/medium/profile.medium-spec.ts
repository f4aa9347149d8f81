import { Profile, ProfileOrderField, ProfileQuery } from '@strive/domain';
import { app, ID, profile, seedProfiles } from './support/fixtures';
import { describeContract } from './support/contract';

describeContract('ProfileRepository', (world) => {
  const cara = profile(ID.profile1, ID.appA, { name: 'cara', reference: 'crm-2', gender: 'female', totalPoints: 5, createdAt: new Date('2026-01-03T00:00:00Z') });
  const abe = profile(ID.profile2, ID.appA, { name: 'abe', reference: 'x_1', gender: null, totalPoints: 20, createdAt: new Date('2026-01-01T00:00:00Z') });
  const bea = profile(ID.profile3, ID.appA, { name: 'bea', reference: '50%', gender: 'male', totalPoints: 5, createdAt: new Date('2026-01-02T00:00:00Z') });
  const abba = profile(ID.profile4, ID.appB, { name: 'abba', reference: 'b-ref', gender: 'female', totalPoints: 1 });

  beforeEach(() => seedProfiles(world(), [cara, abe, bea, abba]));

  const names = async (query: Partial<ProfileQuery> & { field?: ProfileOrderField; descending?: boolean } = {}) => {
    const { field = 'name', descending = false, ...rest } = query;
    const page = await world().profiles.list({ appId: ID.appA, ordering: { field, descending }, limit: 20, offset: 0, ...rest });
    return { count: page.count, names: page.items.map((p: Profile) => p.name) };
  };

  it('finds a profile within its app and by its bearer digest only', async () => {
    expect(await world().profiles.findInApp(ID.appA, ID.profile1)).toEqual(cara);
    expect(await world().profiles.findInApp(ID.appB, ID.profile1)).toBeNull();
    expect(await world().profiles.findByBearerDigest(`bearer-of-${ID.profile4}`)).toEqual(abba);
    expect(await world().profiles.findByBearerDigest('unknown')).toBeNull();
  });

  it('updates the writable fields and team, never total_points or created_at; another app cannot', async () => {
    await world().profiles.setTotalPoints(ID.appA, ID.profile1, 12.5);
    await world().profiles.update({ ...cara, name: 'carla', gender: null, reference: 'crm-3', team: ID.team1, totalPoints: 99, createdAt: new Date('2030-01-01T00:00:00Z') });
    expect(await world().profiles.findInApp(ID.appA, ID.profile1)).toEqual({ ...cara, name: 'carla', gender: null, reference: 'crm-3', team: ID.team1, totalPoints: 12.5 });

    await world().profiles.update({ ...abba, appId: ID.appA, name: 'stolen' });
    await world().profiles.setTotalPoints(ID.appA, ID.profile4, 1000);
    expect(await world().profiles.findInApp(ID.appB, ID.profile4)).toEqual(abba);
  });

  it('orders by each field, nulls last either way, ties by id', async () => {
    expect(await names({ field: 'name' })).toEqual({ count: 3, names: ['abe', 'bea', 'cara'] });
    expect(await names({ field: 'name', descending: true })).toEqual({ count: 3, names: ['cara', 'bea', 'abe'] });
    expect((await names({ field: 'reference' })).names).toEqual(['bea', 'cara', 'abe']); // '50%' < 'crm-2' < 'x_1'
    expect((await names({ field: 'gender' })).names).toEqual(['cara', 'bea', 'abe']); // female, male, null
    expect((await names({ field: 'gender', descending: true })).names).toEqual(['bea', 'cara', 'abe']); // male, female, null
    expect((await names({ field: 'created' })).names).toEqual(['abe', 'bea', 'cara']);
    // 5 (cara, profile 1), 5 (bea, profile 3), 20: the tie goes by id, ascending in both directions.
    expect((await names({ field: 'total_points' })).names).toEqual(['cara', 'bea', 'abe']);
    expect((await names({ field: 'total_points', descending: true })).names).toEqual(['abe', 'cara', 'bea']);
  });

  it('searches name and reference as a case-insensitive plain substring', async () => {
    expect(await names({ search: 'B' })).toEqual({ count: 2, names: ['abe', 'bea'] });
    expect(await names({ search: 'CRM' })).toEqual({ count: 1, names: ['cara'] });
    // % and _ are characters, not wildcards.
    expect(await names({ search: '%' })).toEqual({ count: 1, names: ['bea'] });
    expect(await names({ search: '_' })).toEqual({ count: 1, names: ['abe'] });
    expect(await names({ search: 'zzz' })).toEqual({ count: 0, names: [] });
  });

  it('restricts to one profile, and pages with the full count', async () => {
    expect(await names({ onlyId: ID.profile1 })).toEqual({ count: 1, names: ['cara'] });
    expect(await names({ onlyId: ID.profile4 })).toEqual({ count: 0, names: [] });
    expect(await names({ limit: 2, offset: 1 })).toEqual({ count: 3, names: ['bea', 'cara'] });
    expect(await names({ limit: 2, offset: 3 })).toEqual({ count: 3, names: [] });
  });

  it('deletes a profile of its own app only', async () => {
    await world().profiles.delete(ID.appA, ID.profile4);
    expect(await world().profiles.findInApp(ID.appB, ID.profile4)).toEqual(abba);
    await world().profiles.delete(ID.appB, ID.profile4);
    expect(await world().profiles.findInApp(ID.appB, ID.profile4)).toBeNull();
    expect(await world().profiles.findByBearerDigest(`bearer-of-${ID.profile4}`)).toBeNull();
  });

  it('keeps the apps apart: a profile list never shows another app', async () => {
    await world().apps.save(app(ID.appB, { name: 'B again' }));
    const page = await world().profiles.list({ appId: ID.appB, ordering: { field: 'name', descending: false }, limit: 20, offset: 0 });
    expect(page).toEqual({ count: 1, items: [abba] });
  });
});
