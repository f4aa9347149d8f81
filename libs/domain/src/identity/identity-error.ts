import { DomainError } from '../shared/domain-error';

export enum IdentityErrorCode {
  InvalidCredentials = 'identity.invalid_credentials',
  InvalidToken = 'identity.invalid_token',
  AdminRequired = 'identity.admin_required',
  ProfileRequired = 'identity.profile_required',
  NotOwnProfile = 'identity.not_own_profile',
  ProfileNotFound = 'identity.profile_not_found',
  InvalidOrdering = 'identity.invalid_ordering',
  AppNotFound = 'identity.app_not_found',
}

export class IdentityError extends DomainError<IdentityErrorCode> {
  constructor(code: IdentityErrorCode, message: string) {
    super(code, message);
  }

  static profileNotFound(id: string): IdentityError {
    return new IdentityError(IdentityErrorCode.ProfileNotFound, `No profile ${id}.`);
  }

  static appNotFound(clientId: string): IdentityError {
    return new IdentityError(IdentityErrorCode.AppNotFound, `No app with client id ${clientId}.`);
  }
}
