import { assertAllowed, AccessRule } from './access-policy';
import { IdentityErrorCode } from './identity-error';
import { Principal } from './principal';

const admin: Principal = { kind: 'admin', appId: 'app' };
const profile: Principal = { kind: 'profile', appId: 'app', profileId: 'p1' };

describe(assertAllowed.name, () => {
  it.each<[AccessRule, Principal, IdentityErrorCode | null]>([
    ['admin', admin, null],
    ['admin', profile, IdentityErrorCode.AdminRequired],
    ['profile', profile, null],
    ['profile', admin, IdentityErrorCode.ProfileRequired],
    ['either', admin, null],
    ['either', profile, null],
    ['own-profile', admin, null],
    ['own-profile', profile, null],
  ])('rule %s with a %o bearer', (rule, principal, expected) => {
    const call = () => assertAllowed(principal, rule);
    if (expected) expect(call).toThrow(expect.objectContaining({ code: expected }));
    else expect(call).not.toThrow();
  });
});
