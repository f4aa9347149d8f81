import { IdentityError, IdentityErrorCode } from '../identity/identity-error';
import { Principal } from '../identity/principal';
import { PROFILE_ORDERINGS, ProfileOrderField, ProfileOrdering } from '../identity/profile';
import { ProfilePage, ProfileRepository } from '../ports/profile-repository';

export interface ListProfilesInput {
  readonly search?: string;
  /** A field name, '-' first for descending (e.g. "-total_points"); default "created". */
  readonly ordering?: string;
  readonly limit: number;
  readonly offset: number;
}

/** Parses "name" / "-name" against the fields profiles can be ordered by. */
export function parseProfileOrdering(raw: string | undefined): ProfileOrdering {
  const text = raw ?? 'created';
  const descending = text.startsWith('-');
  const field = descending ? text.slice(1) : text;
  if (!(PROFILE_ORDERINGS as readonly string[]).includes(field)) {
    throw new IdentityError(
      IdentityErrorCode.InvalidOrdering,
      `ordering must be one of ${PROFILE_ORDERINGS.join(', ')}, optionally prefixed with '-'.`,
    );
  }
  return { field: field as ProfileOrderField, descending };
}

/** The app's profiles for an administrator; a profile bearer sees only itself. */
export class ListProfilesUseCase {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(principal: Principal, input: ListProfilesInput): Promise<ProfilePage> {
    return this.profiles.list({
      appId: principal.appId,
      search: input.search,
      onlyId: principal.kind === 'profile' ? principal.profileId : undefined,
      ordering: parseProfileOrdering(input.ordering),
      limit: input.limit,
      offset: input.offset,
    });
  }
}
