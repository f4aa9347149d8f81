import { HttpStatus } from '@nestjs/common';
import { DomainError, IdentityErrorCode } from '@strive/domain';

/**
 * The one table from domain error codes to HTTP statuses. A Record per module's
 * enum makes the compiler insist that every new code gets a status.
 */
const IDENTITY: Record<IdentityErrorCode, HttpStatus> = {
  [IdentityErrorCode.InvalidCredentials]: HttpStatus.UNAUTHORIZED,
  [IdentityErrorCode.InvalidToken]: HttpStatus.UNAUTHORIZED,
  [IdentityErrorCode.AdminRequired]: HttpStatus.FORBIDDEN,
  [IdentityErrorCode.ProfileRequired]: HttpStatus.FORBIDDEN,
  [IdentityErrorCode.NotOwnProfile]: HttpStatus.FORBIDDEN,
  [IdentityErrorCode.ProfileNotFound]: HttpStatus.NOT_FOUND,
  [IdentityErrorCode.InvalidOrdering]: HttpStatus.BAD_REQUEST,
};

const STATUS_BY_CODE: Record<string, HttpStatus> = { ...IDENTITY };

/** The HTTP status of a domain error; an unmapped code is a bug and answers 500. */
export function statusOfDomainError(error: DomainError): HttpStatus {
  return STATUS_BY_CODE[error.code] ?? HttpStatus.INTERNAL_SERVER_ERROR;
}
