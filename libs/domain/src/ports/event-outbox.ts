import { ChallengeDomainEvent } from '../events/challenge-events';

/**
 * Domain events waiting for delivery (webhooks, pushes). The adapter writes them in the same
 * transaction as the scores that caused them and gives each a stable id for at-least-once delivery.
 */
export interface EventOutbox {
  append(events: readonly ChallengeDomainEvent[]): Promise<void>;
}
