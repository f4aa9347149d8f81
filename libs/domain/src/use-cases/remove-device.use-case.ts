import { assertProfileAccess } from '../identity/access-policy';
import { Principal } from '../identity/principal';
import { requireProfile } from '../membership/lookups';
import { NotificationError } from '../notifications/notification-error';
import { DeviceRepository } from '../ports/device-repository';
import { ProfileRepository } from '../ports/profile-repository';

export interface RemoveDeviceInput {
  readonly principal: Principal;
  readonly profileId: string;
  readonly token: string;
}

/** DELETE profile/{id}/devices/?token=: the profile stops receiving pushes on that token. */
export class RemoveDeviceUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly devices: DeviceRepository,
  ) {}

  async execute(input: RemoveDeviceInput): Promise<void> {
    const profile = await requireProfile(this.profiles, input.principal.appId, input.profileId);
    assertProfileAccess(input.principal, profile.id, true);
    if (!(await this.devices.remove(profile.appId, profile.id, input.token))) throw NotificationError.deviceNotFound();
  }
}
