import { DomainError } from '../shared/domain-error';

export enum PushErrorCode {
  EndpointNotFound = 'push.endpoint_not_found',
  DeliveryNotFound = 'push.delivery_not_found',
  InvalidUrl = 'push.invalid_url',
  /** The URL names or resolves to an address the service never calls (loopback, private, metadata). */
  ForbiddenTarget = 'push.forbidden_target',
  /** Only a finished (failed or delivered) delivery can be sent again. */
  NotRetryable = 'push.not_retryable',
  /** An app has at most MAX_PUSH_ENDPOINTS_PER_APP endpoints (every event fans out to each). */
  TooManyEndpoints = 'push.too_many_endpoints',
}

export class PushError extends DomainError<PushErrorCode> {
  constructor(code: PushErrorCode, message: string) {
    super(code, message);
  }

  static endpointNotFound(id: string): PushError {
    return new PushError(PushErrorCode.EndpointNotFound, `No push endpoint ${id}.`);
  }

  static deliveryNotFound(id: string): PushError {
    return new PushError(PushErrorCode.DeliveryNotFound, `No push delivery ${id}.`);
  }
}
