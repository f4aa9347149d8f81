import { Principal } from '../identity/principal';
import { seesPersonalFieldsOf } from './member-privacy';

describe(seesPersonalFieldsOf.name, () => {
  const admin = { kind: 'admin', appId: 'app-1' } as Principal;
  const ann = { kind: 'profile', appId: 'app-1', profileId: 'ann' } as Principal;

  it.each([
    ['the administrator, any profile', admin, 'bob', true],
    ['a profile, itself', ann, 'ann', true],
    ['a profile, another profile', ann, 'bob', false],
  ])('%s: %s', (_, viewer, profileId, sees) => {
    expect(seesPersonalFieldsOf(viewer, profileId)).toBe(sees);
  });
});
