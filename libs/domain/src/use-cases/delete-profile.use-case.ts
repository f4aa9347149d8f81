import { Principal } from '../identity/principal';
import { ProfileRepository } from '../ports/profile-repository';
import { GetProfileUseCase } from './get-profile.use-case';

/** Deletes one of the app's own profiles (a profile bearer: only itself); its bearer dies with it. */
export class DeleteProfileUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly getProfile: GetProfileUseCase,
  ) {}

  async execute(principal: Principal, profileId: string): Promise<void> {
    const profile = await this.getProfile.execute(principal, profileId, true);
    await this.profiles.delete(profile.appId, profile.id);
  }
}
