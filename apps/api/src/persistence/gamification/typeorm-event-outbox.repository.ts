import { ChallengeDomainEvent, challengeEventKey, challengeEventPushBody, EventOutbox, IdGenerator } from '@strive/domain';
import { Db, isoStrings } from '../shared/db';

/**
 * Appends challenge events to challenge_event_outbox with a stable id each; an event whose
 * dedupe key (challengeEventKey) was written before is skipped. The fan-out (TypeOrmPushFanOut)
 * releases them to the app's challenge endpoints. The events of an app with no active challenge
 * endpoint are not written: nobody would receive them (an endpoint gets the events written after
 * it was created), and within a period the score's fired thresholds keep a threshold from firing
 * twice. A whole-challenge rescore announces about one threshold per member and period, and
 * writing them for nobody cost as much database time as the scores (docs/benchmarks.md "Scoring
 * speed").
 */
export class TypeOrmEventOutbox implements EventOutbox {
  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
  ) {}

  async append(events: readonly ChallengeDomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const listening = await this.appsListening([...new Set(events.map((event) => event.appId))]);
    const heard = events.filter((event) => listening.has(event.appId));
    if (heard.length === 0) return;
    const iso = isoStrings();
    const json = JSON.stringify(
      heard.map((event) => ({
        app_id: event.appId,
        id: this.ids.uuid(),
        event: event.event,
        challenge_id: event.challengeId,
        dedupe_key: challengeEventKey(event, iso),
        payload: challengeEventPushBody(event, iso),
        created_at: iso(event.eventTimestamp),
      })),
    );
    await this.db.query(
      `INSERT INTO challenge_event_outbox (app_id, id, event, challenge_id, dedupe_key, payload, created_at)
       SELECT e.app_id, e.id, e.event, e.challenge_id, e.dedupe_key, e.payload, e.created_at
       FROM json_to_recordset($1::json)
         AS e(app_id uuid, id uuid, event text, challenge_id uuid, dedupe_key text, payload jsonb, created_at timestamptz)
       ON CONFLICT (app_id, dedupe_key) DO NOTHING`,
      [json],
    );
  }

  /** The apps with an active challenge endpoint, read in the transaction that writes the events. */
  private async appsListening(appIds: readonly string[]): Promise<Set<string>> {
    const rows: { app_id: string }[] = await this.db.query(
      `SELECT DISTINCT app_id FROM push_endpoint WHERE app_id = ANY($1::uuid[]) AND data_type = 'challenge' AND active`,
      [appIds],
    );
    return new Set(rows.map((row) => row.app_id));
  }
}
