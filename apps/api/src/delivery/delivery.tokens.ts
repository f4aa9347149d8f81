/** Nest injection tokens of the webhook delivery ports (issue 12). */
export const PUSH_ENDPOINT_REPOSITORY = Symbol('PushEndpointRepository');
export const PUSH_DELIVERY_REPOSITORY = Symbol('PushDeliveryRepository');
export const PUSH_DELIVERY_QUEUE = Symbol('PushDeliveryQueue');
export const ADDRESS_RESOLVER = Symbol('AddressResolver');
export const PUSH_SECRET_GENERATOR = Symbol('PushSecretGenerator');
export const WEBHOOK_SENDER = Symbol('WebhookSender');
/** The PushTargetPolicy of the configuration. */
export const PUSH_TARGET_POLICY = Symbol('PushTargetPolicy');
