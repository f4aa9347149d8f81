import { identityWorld } from '../../testing';
import { IdentityErrorCode } from '../identity/identity-error';
import { Principal } from '../identity/principal';
import { Profile } from '../identity/profile';
import { DeleteProfileUseCase } from './delete-profile.use-case';
import { GetProfileUseCase } from './get-profile.use-case';
import { ListProfilesUseCase, parseProfileOrdering } from './list-profiles.use-case';
import { UpdateProfileUseCase } from './update-profile.use-case';

async function setup() {
  const created: Profile[] = [];
  const world = identityWorld([async (profile) => void created.push(profile)]);
  const appA = (await world.createApp.execute({ name: 'A' })).app;
  const appB = (await world.createApp.execute({ name: 'B' })).app;
  const admin: Principal = { kind: 'admin', appId: appA.id };
  const otherAdmin: Principal = { kind: 'admin', appId: appB.id };
  const ann = await world.createProfile.execute({ appId: appA.id, fields: { name: 'Ann', gender: 'female', reference: 'crm-7' } });
  world.clock.advance(1000);
  const bob = await world.createProfile.execute({ appId: appA.id, fields: { name: 'Bob', gender: null, reference: '' } });
  const asProfile = (p: Profile): Principal => ({ kind: 'profile', appId: p.appId, profileId: p.id });
  const getProfile = new GetProfileUseCase(world.profiles);
  return {
    world, appA, admin, otherAdmin, ann: ann.profile, annBearer: ann.bearer, bob: bob.profile, created, asProfile,
    getProfile,
    list: new ListProfilesUseCase(world.profiles),
    update: new UpdateProfileUseCase(world.profiles, getProfile),
    remove: new DeleteProfileUseCase(world.profiles, getProfile),
  };
}

describe('profiles', () => {
  it('creates a profile with a bearer that authenticates as that profile and notifies listeners', async () => {
    const s = await setup();
    expect(s.ann).toMatchObject({ name: 'Ann', gender: 'female', reference: 'crm-7', team: null, totalPoints: 0 });
    expect(await s.world.authenticate.execute(s.annBearer)).toEqual({ kind: 'profile', appId: s.appA.id, profileId: s.ann.id });
    expect(s.created.map((p) => p.name)).toEqual(['Ann', 'Bob']);
  });

  it('lets a profile read itself, forbids another profile, and hides other apps', async () => {
    const s = await setup();
    await expect(s.getProfile.execute(s.asProfile(s.ann), s.ann.id)).resolves.toEqual(s.ann);
    await expect(s.getProfile.execute(s.admin, s.ann.id, true)).resolves.toEqual(s.ann);
    await expect(s.getProfile.execute(s.admin, s.ann.id)).rejects.toMatchObject({ code: IdentityErrorCode.ProfileRequired });
    await expect(s.getProfile.execute(s.asProfile(s.bob), s.ann.id)).rejects.toMatchObject({ code: IdentityErrorCode.NotOwnProfile });
    await expect(s.getProfile.execute(s.otherAdmin, s.ann.id)).rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
  });

  it('lists, searches, orders and pages the app profiles; a profile sees only itself', async () => {
    const s = await setup();
    const names = async (principal: Principal, input: Parameters<ListProfilesUseCase['execute']>[1]) => {
      const page = await s.list.execute(principal, input);
      return { count: page.count, names: page.items.map((p) => p.name) };
    };
    expect(await names(s.admin, { limit: 20, offset: 0 })).toEqual({ count: 2, names: ['Ann', 'Bob'] });
    expect(await names(s.admin, { ordering: '-created', limit: 20, offset: 0 })).toEqual({ count: 2, names: ['Bob', 'Ann'] });
    expect(await names(s.admin, { ordering: '-name', limit: 1, offset: 1 })).toEqual({ count: 2, names: ['Ann'] });
    expect(await names(s.admin, { search: 'CRM', limit: 20, offset: 0 })).toEqual({ count: 1, names: ['Ann'] });
    expect(await names(s.asProfile(s.bob), { limit: 20, offset: 0 })).toEqual({ count: 1, names: ['Bob'] });
    expect(await names(s.otherAdmin, { limit: 20, offset: 0 })).toEqual({ count: 0, names: [] });
  });

  it.each([
    [undefined, { field: 'created', descending: false }],
    ['total_points', { field: 'total_points', descending: false }],
    ['-gender', { field: 'gender', descending: true }],
  ])('parses ordering %p', (raw, expected) => {
    expect(parseProfileOrdering(raw)).toEqual(expected);
  });

  it.each(['password', '-', '--name', 'name '])('refuses ordering %p', (raw) => {
    expect(() => parseProfileOrdering(raw)).toThrow(expect.objectContaining({ code: IdentityErrorCode.InvalidOrdering }));
  });

  it('updates only the writable fields', async () => {
    const s = await setup();
    const updated = await s.update.execute(s.asProfile(s.ann), s.ann.id, { name: 'Anna' });
    expect(updated).toEqual({ ...s.ann, name: 'Anna' });
    const cleared = await s.update.execute(s.asProfile(s.ann), s.ann.id, { gender: null, reference: 'crm-8' });
    expect(cleared).toEqual({ ...s.ann, name: 'Anna', gender: null, reference: 'crm-8' });
    await expect(s.getProfile.execute(s.admin, s.ann.id, true)).resolves.toEqual(cleared);
    await expect(s.update.execute(s.admin, s.ann.id, { name: 'x' })).rejects.toMatchObject({ code: IdentityErrorCode.ProfileRequired });
  });

  it('deletes a profile, after which its bearer no longer authenticates', async () => {
    const s = await setup();
    await expect(s.remove.execute(s.asProfile(s.bob), s.ann.id)).rejects.toMatchObject({ code: IdentityErrorCode.NotOwnProfile });
    await expect(s.remove.execute(s.otherAdmin, s.ann.id)).rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
    await s.remove.execute(s.asProfile(s.ann), s.ann.id);
    await expect(s.world.authenticate.execute(s.annBearer)).rejects.toMatchObject({ code: IdentityErrorCode.InvalidToken });
    await expect(s.getProfile.execute(s.admin, s.ann.id, true)).rejects.toMatchObject({ code: IdentityErrorCode.ProfileNotFound });
  });
});
