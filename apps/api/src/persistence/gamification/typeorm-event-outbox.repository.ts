import { ChallengeDomainEvent, challengeEventKey, challengeEventPushBody, EventOutbox, IdGenerator } from '@strive/domain';
import { Db } from '../shared/db';

/**
 * Appends challenge events to challenge_event_outbox with a stable id each; an event whose
 * dedupe key (challengeEventKey) was written before is skipped. Delivery (webhooks, pushes) is a
 * separate worker that is not part of this service yet.
 */
export class TypeOrmEventOutbox implements EventOutbox {
  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
  ) {}

  async append(events: readonly ChallengeDomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const json = JSON.stringify(
      events.map((event) => ({
        app_id: event.appId,
        id: this.ids.uuid(),
        event: event.event,
        challenge_id: event.challengeId,
        dedupe_key: challengeEventKey(event),
        payload: challengeEventPushBody(event),
        created_at: event.eventTimestamp.toISOString(),
      })),
    );
    await this.db.query(
      `INSERT INTO challenge_event_outbox (app_id, id, event, challenge_id, dedupe_key, payload, created_at)
       SELECT e.app_id, e.id, e.event, e.challenge_id, e.dedupe_key, e.payload, e.created_at
       FROM jsonb_to_recordset($1::jsonb)
         AS e(app_id uuid, id uuid, event text, challenge_id uuid, dedupe_key text, payload jsonb, created_at timestamptz)
       ON CONFLICT (app_id, dedupe_key) DO NOTHING`,
      [json],
    );
  }
}
