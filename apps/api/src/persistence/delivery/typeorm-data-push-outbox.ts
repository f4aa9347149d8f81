import { DataPush, DataPushOutbox, DataPushType, IdGenerator } from '@strive/domain';
import { Db, PreparedStatement, queryPrepared, toDate } from '../shared/db';

/** Read by every upload: prepared once per connection (queryPrepared), its plan the same for every app. */
const SUBSCRIBED_TYPES: PreparedStatement = {
  name: 'push_endpoint_subscribed_types',
  text: `SELECT DISTINCT data_type FROM push_endpoint WHERE app_id = $1 AND active AND data_type <> 'challenge'`,
};

/** push_data_outbox: the data pushes of a write, in its transaction; each gets its event id (the webhook-id). */
export class TypeOrmDataPushOutbox implements DataPushOutbox {
  constructor(
    private readonly db: Db,
    private readonly ids: IdGenerator,
    private readonly now: () => Date,
  ) {}

  async subscribedTypes(appId: string): Promise<DataPushType[]> {
    const rows: { data_type: DataPushType }[] = await queryPrepared(this.db, SUBSCRIBED_TYPES, [appId]);
    return rows.map((r) => r.data_type);
  }

  async append(pushes: readonly DataPush[]): Promise<void> {
    if (pushes.length === 0) return;
    const createdAt = toDate(this.now()).toISOString();
    const json = JSON.stringify(
      pushes.map((push) => ({ app_id: push.appId, id: this.ids.uuid(), data_type: push.dataType, body: JSON.stringify(push.body), created_at: createdAt })),
    );
    await this.db.query(
      `INSERT INTO push_data_outbox (app_id, id, data_type, body, created_at)
       SELECT e.app_id, e.id, e.data_type, e.body, e.created_at
       FROM json_to_recordset($1::json) AS e(app_id uuid, id uuid, data_type text, body text, created_at timestamptz)`,
      [json],
    );
  }
}
