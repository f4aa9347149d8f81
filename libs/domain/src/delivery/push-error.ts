import { DomainError } from '../shared/domain-error';

export enum PushErrorCode {
  EndpointNotFound = 'push.endpoint_not_found',
  DeliveryNotFound = 'push.delivery_not_found',
  InvalidUrl = 'push.invalid_url',
  /** The URL names or resolves to an address the service never calls (loopback, private, metadata). */
  ForbiddenTarget = 'push.forbidden_target',
  /** Only a delivery that gave up (failed) can be sent again. */
  NotRetryable = 'push.not_retryable',
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
