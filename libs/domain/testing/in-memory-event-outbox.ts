import { ChallengeDomainEvent } from '../src/events/challenge-events';
import { EventOutbox } from '../src/ports/event-outbox';

export class InMemoryEventOutbox implements EventOutbox {
  readonly events: ChallengeDomainEvent[] = [];

  async append(events: readonly ChallengeDomainEvent[]): Promise<void> {
    this.events.push(...events);
  }
}
