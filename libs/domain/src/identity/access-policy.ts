import { IdentityError, IdentityErrorCode } from './identity-error';
import { Principal } from './principal';

/** The three schemes of interface.md "Authentication": who may call an operation. */
export type AccessRule = 'admin' | 'profile' | 'either';

/** Refuses a valid bearer of the wrong kind for the operation (HTTP 403). */
export function assertAllowed(principal: Principal, rule: AccessRule): void {
  if (rule === 'admin' && principal.kind !== 'admin') {
    throw new IdentityError(IdentityErrorCode.AdminRequired, 'This operation needs an administrator bearer.');
  }
  if (rule === 'profile' && principal.kind !== 'profile') {
    throw new IdentityError(IdentityErrorCode.ProfileRequired, 'This operation needs a profile bearer.');
  }
}

/**
 * A profile bearer reaches only its own profile's private data. Callers check the
 * app first (another app's profile is "not found"), then this.
 */
export function assertOwnProfileOrAdmin(principal: Principal, profileId: string): void {
  if (principal.kind === 'profile' && principal.profileId !== profileId) {
    throw new IdentityError(IdentityErrorCode.NotOwnProfile, "A profile bearer can only reach its own profile's data.");
  }
}
