import { assertProfileAccess } from '../identity/access-policy';
import { IdentityError } from '../identity/identity-error';
import { Principal } from '../identity/principal';
import { Profile } from '../identity/profile';
import { ProfileRepository } from '../ports/profile-repository';

/**
 * Reads a profile as `principal` may see it: another app's profile is not found;
 * another profile of the same app, or an administrator where `adminAllowed` is
 * false, is forbidden.
 */
export class GetProfileUseCase {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(principal: Principal, profileId: string, adminAllowed = false): Promise<Profile> {
    const profile = await this.profiles.findInApp(principal.appId, profileId);
    if (!profile) throw IdentityError.profileNotFound(profileId);
    assertProfileAccess(principal, profile.id, adminAllowed);
    return profile;
  }
}
