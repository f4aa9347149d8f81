import { assertProfileAccess } from '../identity/access-policy';
import { Principal } from '../identity/principal';
import { requireProfile } from '../membership/lookups';
import { Device, MAX_DEVICES_PER_PROFILE, readDeviceRegistration } from '../notifications/device';
import { Clock } from '../ports/clock';
import { DeviceRepository } from '../ports/device-repository';
import { IdGenerator } from '../ports/id-generator';
import { ProfileRepository } from '../ports/profile-repository';

export interface RegisterDeviceInput {
  /** The profile's own bearer or its app's administrator. */
  readonly principal: Principal;
  readonly profileId: string;
  readonly token: unknown;
  readonly platform: unknown;
}

/**
 * POST profile/{id}/devices/: registers a push token for the profile. A token the app already
 * knows moves to this profile (one device per token: the phone changed hands or accounts); a
 * profile keeps its MAX_DEVICES_PER_PROFILE most recent registrations.
 */
export class RegisterDeviceUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly devices: DeviceRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: RegisterDeviceInput): Promise<Device> {
    const profile = await requireProfile(this.profiles, input.principal.appId, input.profileId);
    assertProfileAccess(input.principal, profile.id, true);
    const registration = readDeviceRegistration(input.token, input.platform);
    const device: Device = { id: this.ids.uuid(), appId: profile.appId, profileId: profile.id, ...registration, registeredAt: this.clock.now() };
    return this.devices.register(device, MAX_DEVICES_PER_PROFILE);
  }
}
