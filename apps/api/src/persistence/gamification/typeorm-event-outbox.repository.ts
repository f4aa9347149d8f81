import { ChallengeDomainEvent, challengeEventKey, challengeEventPushBody, EventOutbox, IdGenerator } from '@strive/domain';
import { Db } from '../shared/db';

/**
 * Appends challenge events to challenge_event_outbox with a stable id each; an event whose
 * dedupe key (challengeEventKey) was written before is skipped. The fan-out (TypeOrmPushFanOut)
 * releases them to the app's challenge endpoints. An event of an app with no active challenge
 * endpoint is written released already: it only keeps its dedupe key, and the fan-out never
 * rewrites it (a whole-challenge rescore writes about one event per member and period: releasing
 * each one row by row cost as much as writing the scores; docs/benchmarks.md "Scoring speed").
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
      `WITH listening AS (SELECT DISTINCT app_id FROM push_endpoint WHERE data_type = 'challenge' AND active)
       INSERT INTO challenge_event_outbox (app_id, id, event, challenge_id, dedupe_key, payload, created_at, delivered_at)
       SELECT e.app_id, e.id, e.event, e.challenge_id, e.dedupe_key, e.payload, e.created_at,
         CASE WHEN l.app_id IS NULL THEN e.created_at END
       FROM json_to_recordset($1::json)
         AS e(app_id uuid, id uuid, event text, challenge_id uuid, dedupe_key text, payload jsonb, created_at timestamptz)
         LEFT JOIN listening l ON l.app_id = e.app_id
       ON CONFLICT (app_id, dedupe_key) DO NOTHING`,
      [json],
    );
  }
}
