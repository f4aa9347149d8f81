import { ClaimedPushDelivery, PushEndpoint } from '@strive/domain';
import { DataSource } from 'typeorm';
import { TypeOrmDataPushOutbox } from '../../src/persistence/delivery/typeorm-data-push-outbox';
import { TypeOrmEventOutbox } from '../../src/persistence/gamification/typeorm-event-outbox.repository';
import { TypeOrmPushDeliveryQueue } from '../../src/persistence/delivery/typeorm-push-delivery-queue';
import { TypeOrmPushDeliveryRepository } from '../../src/persistence/delivery/typeorm-push-delivery.repository';
import { TypeOrmPushEndpointRepository } from '../../src/persistence/delivery/typeorm-push-endpoint.repository';
import { TypeOrmPushFanOut } from '../../src/persistence/delivery/typeorm-push-fan-out';
import { RandomIdGenerator } from '../../src/system/random-id-generator';
import { describeContract } from './support/contract';
import { ID } from './support/fixtures';
import { openTestDatabase, SQL_ENGINES, truncateAll } from './support/test-database';

const E = {
  a1: 'ea000000-0000-4000-8000-0000000000a1',
  a2: 'ea000000-0000-4000-8000-0000000000a2',
  a3: 'ea000000-0000-4000-8000-0000000000a3',
  b1: 'eb000000-0000-4000-8000-0000000000b1',
};
const endpoint = (id: string, appId: string, fields: Partial<PushEndpoint> = {}): PushEndpoint => ({
  id, appId, dataType: 'activity', url: `https://hooks.example.com/${id}`, active: true, version: 'V1', secret: `whsec_${id}`,
  previousSecret: null, previousSecretExpiresAt: null, failingSince: null, disabledReason: null,
  createdAt: new Date('2026-05-01T00:00:00Z'), updatedAt: new Date('2026-05-01T00:00:00Z'), ...fields,
});

describeContract('PushEndpointRepository', (world) => {
  it("finds, lists (oldest first) and replaces an app's endpoints, never another app's", async () => {
    const repo = world().pushEndpoints;
    await repo.save(endpoint(E.a2, ID.appA, { createdAt: new Date('2026-05-02T00:00:00Z') }));
    await repo.save(endpoint(E.a1, ID.appA));
    await repo.save(endpoint(E.b1, ID.appB));
    await repo.save(endpoint(E.a2, ID.appA, { createdAt: new Date('2026-05-02T00:00:00Z'), active: false, disabledReason: 'why', failingSince: new Date('2026-05-03T00:00:00Z') }));

    expect((await repo.list(ID.appA)).map((e) => e.id)).toEqual([E.a1, E.a2]);
    expect(await repo.find(ID.appA, E.a2)).toEqual(
      endpoint(E.a2, ID.appA, { createdAt: new Date('2026-05-02T00:00:00Z'), active: false, disabledReason: 'why', failingSince: new Date('2026-05-03T00:00:00Z') }),
    );
    expect(await repo.find(ID.appA, E.b1)).toBeNull();
    expect(await repo.delete(ID.appA, E.b1)).toBe(false);
    expect(await repo.delete(ID.appA, E.a1)).toBe(true);
    expect((await repo.list(ID.appA)).map((e) => e.id)).toEqual([E.a2]);
    expect((await repo.list(ID.appB)).map((e) => e.id)).toEqual([E.b1]);
  });
});

/** The SQL-only parts of delivery (no in-memory twin: only the database makes them work): fan-out and claiming. */
for (const engine of SQL_ENGINES) {
  describe(`webhook delivery tables on ${engine}`, () => {
    let db: DataSource;
    const at = (iso: string) => new Date(iso);
    const ids = new RandomIdGenerator();

    beforeAll(async () => {
      db = await openTestDatabase(engine);
    });
    afterAll(() => db.destroy());
    beforeEach(async () => {
      await truncateAll(db);
      const endpoints = new TypeOrmPushEndpointRepository(db);
      await endpoints.save(endpoint(E.a1, ID.appA));
      await endpoints.save(endpoint(E.a2, ID.appA));
      await endpoints.save(endpoint(E.a3, ID.appA, { active: false }));
      await endpoints.save(endpoint(E.b1, ID.appB));
      await endpoints.save(endpoint('ec000000-0000-4000-8000-0000000000c1', ID.appA, { dataType: 'challenge', createdAt: at('2026-05-01T12:00:00Z') }));
    });

    const pushActivity = (appId: string, n: number) =>
      new TypeOrmDataPushOutbox(db, ids, () => at('2026-05-01T10:00:00Z')).append(
        Array.from({ length: n }, (_, i) => ({ appId, dataType: 'activity' as const, body: { profile: ID.profile1, data: { n: i } } })),
      );
    const deliveryRows = async () =>
      (await db.query('SELECT endpoint_id, status, body FROM push_delivery ORDER BY endpoint_id, body')) as { endpoint_id: string; status: string; body: string }[];

    it('answers the data types an app has an active endpoint of', async () => {
      const outbox = new TypeOrmDataPushOutbox(db, ids, () => new Date());
      expect(await outbox.subscribedTypes(ID.appA)).toEqual(['activity']);
      expect(await outbox.subscribedTypes('ff000000-0000-4000-8000-0000000000ff')).toEqual([]);
    });

    it('reads them through a statement each connection prepares once (hand-written SQL)', async () => {
      // PGlite's one session parses every statement it is sent (the embedded pool drops the name).
      if (engine !== 'PostgreSQL') return;
      const prepared = await db.transaction(async (manager) => {
        expect(await new TypeOrmDataPushOutbox(manager, ids, () => new Date()).subscribedTypes(ID.appA)).toEqual(['activity']);
        return manager.query("SELECT name FROM pg_prepared_statements WHERE name = 'push_endpoint_subscribed_types'");
      });
      expect(prepared).toEqual([{ name: 'push_endpoint_subscribed_types' }]);
    });

    it("fans a data push out to the app's active endpoints of its type, once", async () => {
      await pushActivity(ID.appA, 2);
      const fanOut = new TypeOrmPushFanOut(db);
      // 2 events x 2 active activity endpoints of app A (E.a3 is inactive, E.b1 another app's)
      expect(await fanOut.releaseDataPushes(at('2026-05-01T10:05:00Z'))).toBe(4);
      expect(await fanOut.releaseDataPushes(at('2026-05-01T10:10:00Z'))).toBe(0);
      const rows = await deliveryRows();
      expect(rows.map((r) => [r.endpoint_id, r.status, JSON.parse(r.body).data.n])).toEqual([
        [E.a1, 'pending', 0], [E.a1, 'pending', 1], [E.a2, 'pending', 0], [E.a2, 'pending', 1],
      ]);
    });

    it('fans a challenge event out to challenge endpoints that existed when it was written', async () => {
      await db.query(
        `INSERT INTO challenge_event_outbox (app_id, id, event, challenge_id, dedupe_key, payload, created_at) VALUES
         ($1, $2, 'challenge_start', $3, 'k1', '{"event":"challenge_start"}', '2026-05-01T11:00:00Z'),
         ($1, $4, 'challenge_end', $3, 'k2', '{"event":"challenge_end"}', '2026-05-01T13:00:00Z')`,
        [ID.appA, ids.uuid(), ID.challenge1, ids.uuid()],
      );
      expect(await new TypeOrmPushFanOut(db).releaseChallengeEvents(at('2026-05-01T13:00:01Z'))).toBe(1);
      const rows: { event: string; data_type: string }[] = await db.query('SELECT event, data_type FROM push_delivery');
      expect(rows).toEqual([{ event: 'challenge_end', data_type: 'challenge' }]);
      const pending: { n: number }[] = await db.query('SELECT count(*)::int AS n FROM challenge_event_outbox WHERE delivered_at IS NULL');
      expect(pending).toEqual([{ n: 0 }]);
    });

    it("writes no event of an app with no active challenge endpoint: an endpoint created later never gets it", async () => {
      const outbox = new TypeOrmEventOutbox(db, ids);
      const started = (appId: string, challengeId: string) => ({
        event: 'challenge_start' as const, appId, challengeId, challengeTitle: 'C', eventTimestamp: at('2026-05-02T09:00:00Z'),
      });
      // App A has a challenge endpoint (beforeEach), app B only an activity one.
      await outbox.append([started(ID.appA, ID.challenge1), started(ID.appB, ID.challenge2)]);
      const rows: { app_id: string; delivered_at: Date | null; payload: unknown }[] = await db.query(
        'SELECT app_id, delivered_at, payload FROM challenge_event_outbox ORDER BY app_id',
      );
      expect(rows).toEqual([
        { app_id: ID.appA, delivered_at: null, payload: { event: 'challenge_start', event_timestamp: '2026-05-02T09:00:00.000Z', challenge_id: ID.challenge1, challenge_title: 'C' } },
      ]);
      await new TypeOrmPushEndpointRepository(db).save(
        endpoint('ec000000-0000-4000-8000-0000000000c2', ID.appB, { dataType: 'challenge', createdAt: at('2026-05-01T00:00:00Z') }),
      );
      expect(await new TypeOrmPushFanOut(db).releaseChallengeEvents(at('2026-05-02T09:00:01Z'))).toBe(1);
      const deliveries: { endpoint_id: string }[] = await db.query('SELECT endpoint_id FROM push_delivery');
      expect(deliveries).toEqual([{ endpoint_id: 'ec000000-0000-4000-8000-0000000000c1' }]);
    });

    const fannedOut = async (events: number) => {
      await pushActivity(ID.appA, events);
      await new TypeOrmPushFanOut(db).releaseDataPushes(at('2026-05-01T10:05:00Z'));
      return new TypeOrmPushDeliveryQueue(db);
    };
    const attempt = { at: at('2026-05-01T10:05:02Z'), statusCode: 204, latencyMs: 3, error: null };
    const deliveredBy = (claimed: ClaimedPushDelivery) => ({ ...claimed.delivery, status: 'delivered' as const, attempts: 1, nextAttemptAt: null, deliveredAt: attempt.at });

    it('claims one delivery per endpoint at a time and records its attempt only under its lease', async () => {
      const queue = await fannedOut(2);
      const now = at('2026-05-01T10:05:01Z');
      const first = (await queue.claim(now, 30_000, ids.uuid())) as ClaimedPushDelivery;
      const second = (await queue.claim(now, 30_000, ids.uuid())) as ClaimedPushDelivery;
      // two endpoints with two deliveries each: one of each endpoint, then nothing while both are busy
      expect([first.endpoint.id, second.endpoint.id].sort()).toEqual([E.a1, E.a2]);
      expect(await queue.claim(now, 30_000, ids.uuid())).toBeNull();
      expect(first.body).toMatch(/^\{"profile":"[0-9a-f-]{36}","data":\{"n":[01]\}\}$/);

      expect(await queue.complete({ ...first, leaseToken: ids.uuid() }, attempt, deliveredBy(first), (e) => e)).toBe(false);
      expect(await queue.complete(first, attempt, deliveredBy(first), (e) => e)).toBe(true);
      const logged = await new TypeOrmPushDeliveryRepository(db).find(ID.appA, first.delivery.id);
      expect(logged?.delivery).toMatchObject({ status: 'delivered', attempts: 1, deliveredAt: attempt.at });
      expect(logged?.attempts).toEqual([attempt]);
      expect(await new TypeOrmPushDeliveryRepository(db).find(ID.appB, first.delivery.id)).toBeNull();
      // A manual re-send requeues a finished delivery once: a second (concurrent) one finds it pending.
      const resend = { ...deliveredBy(first), status: 'pending' as const, nextAttemptAt: attempt.at, windowStart: attempt.at };
      expect(await new TypeOrmPushDeliveryRepository(db).requeue(resend)).toBe(true);
      expect(await new TypeOrmPushDeliveryRepository(db).requeue(resend)).toBe(false);
      expect(await new TypeOrmPushDeliveryRepository(db).requeue({ ...resend, appId: ID.appB })).toBe(false);
      await db.query("UPDATE push_delivery SET status = 'delivered', next_attempt_at = NULL WHERE id = $1", [first.delivery.id]);
      // first's endpoint is free again: its other delivery goes; second's is still busy
      const next = (await queue.claim(at('2026-05-01T10:05:03Z'), 30_000, ids.uuid())) as ClaimedPushDelivery;
      expect(next.endpoint.id).toBe(first.endpoint.id);
      expect(next.delivery.id).not.toBe(first.delivery.id);
      expect(await queue.claim(at('2026-05-01T10:05:03Z'), 30_000, ids.uuid())).toBeNull();
    });

    it('makes a delivery due again when the lease of a worker that died ends', async () => {
      const queue = await fannedOut(1);
      const died = (await queue.claim(at('2026-05-01T10:05:01Z'), 30_000, ids.uuid())) as ClaimedPushDelivery;
      const other = (await queue.claim(at('2026-05-01T10:05:06Z'), 30_000, ids.uuid())) as ClaimedPushDelivery;
      expect(other.endpoint.id).not.toBe(died.endpoint.id);
      expect(await queue.claim(at('2026-05-01T10:05:30.999Z'), 30_000, ids.uuid())).toBeNull();
      const again = (await queue.claim(at('2026-05-01T10:05:31Z'), 30_000, ids.uuid())) as ClaimedPushDelivery;
      expect(again.delivery.id).toBe(died.delivery.id);
      expect(again.body).toBe(died.body);
      // the dead worker's lease is gone: only the new one records the attempt
      expect(await queue.complete(died, attempt, deliveredBy(died), (e) => e)).toBe(false);
      expect(await queue.complete(again, attempt, deliveredBy(again), (e) => e)).toBe(true);
    });

    it('prunes released data pushes after 7 days and finished deliveries after 30, keeping pending ones', async () => {
      const queue = await fannedOut(2);
      const claimed = (await queue.claim(at('2026-05-01T10:05:01Z'), 30_000, ids.uuid())) as ClaimedPushDelivery;
      await queue.complete(claimed, attempt, deliveredBy(claimed), (e) => e);
      const fanOut = new TypeOrmPushFanOut(db);
      const count = async (table: string) => ((await db.query(`SELECT count(*)::int AS n FROM ${table}`)) as { n: number }[])[0].n;

      await fanOut.prune(at('2026-05-08T10:04:59Z')); // 7 days after the release at 10:05:00, not yet
      expect([await count('push_data_outbox'), await count('push_delivery'), await count('push_attempt')]).toEqual([2, 4, 1]);
      await fanOut.prune(at('2026-05-31T10:05:01Z')); // 30 days after creation: the delivered one goes, pending ones stay
      expect([await count('push_data_outbox'), await count('push_delivery'), await count('push_attempt')]).toEqual([0, 3, 0]);
    });

    it('deletes an endpoint with its deliveries and their attempts', async () => {
      await pushActivity(ID.appA, 1);
      await new TypeOrmPushFanOut(db).releaseDataPushes(at('2026-05-01T10:05:00Z'));
      expect(await new TypeOrmPushEndpointRepository(db).delete(ID.appA, E.a1)).toBe(true);
      expect((await deliveryRows()).map((r) => r.endpoint_id)).toEqual([E.a2]);
    });
  });
}
