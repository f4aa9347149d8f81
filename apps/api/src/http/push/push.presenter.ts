import { PushDeliveryRecord, PushEndpoint, webhookId } from '@strive/domain';
import { PushEndpointView, PushEndpointWithSecret } from './push-endpoint.dto';
import { PushDeliveryView } from './push-delivery.dto';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An endpoint as served: never its secret. */
export function presentEndpoint(endpoint: PushEndpoint, now: Date): PushEndpointView {
  const overlap = endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now ? endpoint.previousSecretExpiresAt : null;
  return {
    id: endpoint.id,
    data_type: endpoint.dataType,
    url: endpoint.url,
    active: endpoint.active,
    version: endpoint.version,
    disabled_reason: endpoint.disabledReason,
    failing_since: iso(endpoint.failingSince),
    previous_secret_expires_at: iso(overlap),
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

/** The answer of creation and rotation: the one time the secret is shown. */
export function presentEndpointWithSecret(endpoint: PushEndpoint, now: Date): PushEndpointWithSecret {
  return { ...presentEndpoint(endpoint, now), secret: endpoint.secret };
}

export function presentDelivery({ delivery, attempts }: PushDeliveryRecord): PushDeliveryView {
  return {
    id: delivery.id,
    endpoint: delivery.endpointId,
    data_type: delivery.dataType,
    event: delivery.event,
    webhook_id: webhookId(delivery.eventId),
    status: delivery.status,
    next_attempt_at: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
    last_error: delivery.lastError,
    delivered_at: iso(delivery.deliveredAt),
    created_at: delivery.createdAt.toISOString(),
    attempts: attempts.map((a) => ({ at: a.at.toISOString(), status_code: a.statusCode, latency_ms: a.latencyMs, error: a.error })),
  };
}
