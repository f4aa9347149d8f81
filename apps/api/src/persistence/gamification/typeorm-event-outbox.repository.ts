import { ChallengeDomainEvent, challengeEventKey, challengeEventPushBody, EventOutbox, IdGenerator } from '@strive/domain';
import { Db, isoStrings } from '../shared/db';

/**
 * Appends challenge events to challenge_event_outbox with a stable id each; an event whose
 * dedupe key (challengeEventKey) was written before is skipped. The fan-out (TypeOrmPushFanOut)
 * releases them to the app's challenge endpoints. An event of an app with no active challenge
 * endpoint is written released already and without its body: it only keeps its dedupe key, and the
 * fan-out never reads or rewrites it (a whole-challenge rescore writes about one event per member
 * and period: releasing each row cost as much as writing the scores, and the body was 45 % of
 * inserting the row; docs/benchmarks.md "Scoring speed").
 */
export class TypeOrmEventOutbox implements EventOutbox {
  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
  ) {}

  async append(events: readonly ChallengeDomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    const listening = await this.appsListening([...new Set(events.map((event) => event.appId))]);
    const iso = isoStrings();
    const json = JSON.stringify(
      events.map((event) => {
        const pending = listening.has(event.appId);
        const at = iso(event.eventTimestamp);
        return {
          app_id: event.appId,
          id: this.ids.uuid(),
          event: event.event,
          challenge_id: event.challengeId,
          dedupe_key: challengeEventKey(event, iso),
          payload: pending ? challengeEventPushBody(event, iso) : null,
          created_at: at,
          delivered_at: pending ? null : at,
        };
      }),
    );
    await this.db.query(
      `INSERT INTO challenge_event_outbox (app_id, id, event, challenge_id, dedupe_key, payload, created_at, delivered_at)
       SELECT e.app_id, e.id, e.event, e.challenge_id, e.dedupe_key, e.payload, e.created_at, e.delivered_at
       FROM json_to_recordset($1::json)
         AS e(app_id uuid, id uuid, event text, challenge_id uuid, dedupe_key text, payload jsonb, created_at timestamptz, delivered_at timestamptz)
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
