import { DomainError } from '../shared/domain-error';

/** Stable codes of refused connection requests and moves; the HTTP host maps each to a status. */
export enum ConnectionErrorCode {
  /** A slug that names no source, or a vendor this server has no adapter for (404). */
  UnknownSource = 'connection.unknown_source',
  /** apple and health_connect: their data arrives through the mobile SDK and the upload endpoint (400). */
  MobileSdkOnly = 'connection.mobile_sdk_only',
  /** No connection of this profile to this source, or one of another app (404). */
  NotFound = 'connection.not_found',
  /** The move is not allowed in the connection's current state (409). */
  ForbiddenMove = 'connection.forbidden_move',
  /** redirect is not an absolute http(s) URL (400). */
  InvalidRedirect = 'connection.invalid_redirect',
  /** The OAuth state is unknown, used already, expired, or names another vendor (400). */
  InvalidState = 'connection.invalid_state',
  /** A widget or connect ticket that is forged, expired, or bound to another profile (400). */
  InvalidTicket = 'connection.invalid_ticket',
  /** A vendor webhook that failed its signature check or could not be read (400). */
  InvalidWebhook = 'connection.invalid_webhook',
}

export class ConnectionError extends DomainError<ConnectionErrorCode> {
  constructor(code: ConnectionErrorCode, message: string) {
    super(code, message);
  }
}
