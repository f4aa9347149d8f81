import { Principal } from '../identity/principal';
import { Profile, ProfileFields } from '../identity/profile';
import { ProfileRepository } from '../ports/profile-repository';
import { GetProfileUseCase } from './get-profile.use-case';

/** Changes a profile's writable fields (its own bearer); id, public_id and team never change. */
export class UpdateProfileUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly getProfile: GetProfileUseCase,
  ) {}

  async execute(principal: Principal, profileId: string, changes: Partial<ProfileFields>): Promise<Profile> {
    const current = await this.getProfile.execute(principal, profileId);
    const updated: Profile = {
      ...current,
      name: changes.name ?? current.name,
      gender: changes.gender !== undefined ? changes.gender : current.gender,
      reference: changes.reference ?? current.reference,
    };
    await this.profiles.update(updated);
    return updated;
  }
}
