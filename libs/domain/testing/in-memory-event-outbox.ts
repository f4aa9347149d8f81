import { ChallengeDomainEvent, challengeEventKey } from '../src/events/challenge-events';
import { EventOutbox } from '../src/ports/event-outbox';

/** Keeps events in order; an event whose key was appended before is skipped, as the real outbox does. */
export class InMemoryEventOutbox implements EventOutbox {
  readonly events: ChallengeDomainEvent[] = [];
  private readonly keys = new Set<string>();

  async append(events: readonly ChallengeDomainEvent[]): Promise<void> {
    for (const event of events) {
      const key = `${event.appId}\u0000${challengeEventKey(event)}`;
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      this.events.push(event);
    }
  }
}
