import { Principal } from '../identity/principal';
import { PrincipalCache } from '../identity/principal-cache';
import { ProfileRepository } from '../ports/profile-repository';
import { GetProfileUseCase } from './get-profile.use-case';

/**
 * Deletes one of the app's own profiles (a profile bearer: only itself); its bearer dies with it
 * (and is forgotten at once by this process's bearer cache).
 */
export class DeleteProfileUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly getProfile: GetProfileUseCase,
    private readonly bearers: PrincipalCache | null = null,
  ) {}

  async execute(principal: Principal, profileId: string): Promise<void> {
    const profile = await this.getProfile.execute(principal, profileId, true);
    await this.profiles.delete(profile.appId, profile.id);
    this.bearers?.evictProfile(profile.id);
  }
}
