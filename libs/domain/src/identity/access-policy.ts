import { IdentityError, IdentityErrorCode } from './identity-error';
import { Principal } from './principal';

/**
 * The schemes of interface.md "Authentication": who may call an operation.
 * 'own-profile' is "profile only" for operations on one profile's data: its kind is
 * checked after the profile is found in the caller's app, so another app's
 * bearer of any kind gets 404, never a hint that the profile exists.
 */
export type AccessRule = 'admin' | 'profile' | 'either' | 'own-profile';

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
 * A profile bearer reaches only its own profile's private data; an administrator
 * only where the operation allows it. Callers check the app first (another app's
 * profile is "not found"), then this.
 */
export function assertProfileAccess(principal: Principal, profileId: string, adminAllowed: boolean): void {
  if (principal.kind === 'admin' && !adminAllowed) {
    throw new IdentityError(IdentityErrorCode.ProfileRequired, "This operation needs the profile's own bearer.");
  }
  if (principal.kind === 'profile' && principal.profileId !== profileId) {
    throw new IdentityError(IdentityErrorCode.NotOwnProfile, "A profile bearer can only reach its own profile's data.");
  }
}
