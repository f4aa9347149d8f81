import { Profile, ProfileFields } from '../identity/profile';
import { Clock } from '../ports/clock';
import { IdGenerator } from '../ports/id-generator';
import { ProfileRepository } from '../ports/profile-repository';
import { TokenGenerator } from '../ports/token-generator';

export interface CreateProfileInput {
  readonly appId: string;
  readonly fields: ProfileFields;
}

export interface CreatedProfile {
  readonly profile: Profile;
  /** The profile bearer, returned this once; only its digest is stored. */
  readonly bearer: string;
}

/**
 * Hook run after a profile exists (e.g. AUTOMATIC challenge enrollment); lets other
 * modules react without this use case knowing them.
 */
export type ProfileCreatedListener = (profile: Profile) => Promise<void>;

export class CreateProfileUseCase {
  constructor(
    private readonly profiles: ProfileRepository,
    private readonly tokens: TokenGenerator,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly listeners: readonly ProfileCreatedListener[] = [],
  ) {}

  async execute(input: CreateProfileInput): Promise<CreatedProfile> {
    const bearer = this.tokens.newSecret();
    const profile: Profile = {
      id: this.ids.uuid(),
      appId: input.appId,
      ...input.fields,
      team: null,
      totalPoints: 0,
      createdAt: this.clock.now(),
    };
    await this.profiles.create(profile, this.tokens.digest(bearer));
    for (const listener of this.listeners) await listener(profile);
    return { profile, bearer };
  }
}
