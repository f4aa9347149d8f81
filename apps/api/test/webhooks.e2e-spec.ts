import { StriveMetrics } from '../src/metrics/strive-metrics';
import { Clock } from '@strive/domain';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../src/config/app-config';
import {
  adminBearer, bearerAuth, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, startTestApp, TestApp,
} from './support/test-app';
import { ReceivedWebhook, WebhookReceiver } from './support/webhook-receiver';

/** Real time moved by `shift` (webhook timestamps stay within the 5 minutes receivers accept unless a test moves days). */
class ShiftableClock implements Clock {
  private shift = 0;
  private last = 0;

  set shiftMs(ms: number) {
    this.shift = ms;
    this.last = 0;
  }

  now(): Date {
    this.last = Math.max(Date.now() + this.shift, this.last + 1);
    return new Date(this.last);
  }
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/** Verifies a received webhook exactly as a receiver would, with the standardwebhooks package; answers the parsed body. */
function verified(secret: string, webhook: ReceivedWebhook): Record<string, unknown> {
  return new Webhook(secret).verify(webhook.body, webhook.headers as Record<string, string>) as Record<string, unknown>;
}

/**
 * Issue 12 over HTTP with a real receiver: push endpoints (administrator), challenge status pushes
 * and data pushes signed per Standard Webhooks, retries, re-sending, secret rotation, disabling,
 * the delivery log, tenancy and bad input. Deliveries are sent by test.runPushes() (the
 * background workers are off in tests).
 */
describe('webhooks', () => {
  const clock = new ShiftableClock();
  const receiver = new WebhookReceiver();
  let test: TestApp;
  let admin: string;
  let otherAdmin: string;
  let ann: CreatedTestProfile;

  const auth = bearerAuth;
  const createEndpoint = async (data_type: string, path: string, bearer = admin) =>
    (await test.http.post('/api/v1/app/push_endpoints/').set(auth(bearer)).send({ data_type, url: receiver.url(path) }).expect(201)).body as {
      id: string;
      secret: string;
    };
  const deliveries = async (query = '') => (await test.http.get(`/api/v1/app/push_deliveries/${query}`).set(auth(admin)).expect(200)).body;
  /** Runs the delivery until `done` holds (retries are due a few tens of milliseconds later). */
  const pushUntil = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) {
      await test.runPushes();
      if (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(done()).toBe(true);
  };

  beforeAll(async () => {
    await receiver.start();
    test = await startTestApp({
      clock,
      env: { PUSH_ALLOW_HTTP: 'true', PUSH_ALLOW_PRIVATE_TARGETS: 'true', PUSH_RETRY_BASE_SECONDS: '0.02' },
    });
    admin = await adminBearer(test, await createClientApp(test, 'Hooked app'));
    otherAdmin = await adminBearer(test, await createClientApp(test, 'Other app'));
    ann = await createProfile(test, admin, { name: 'Ann' });
  });

  afterAll(async () => {
    await test.close();
    await receiver.stop();
  });

  beforeEach(() => {
    receiver.answer = () => 204;
  });

  describe('push endpoints', () => {
    it('creates an endpoint, answers its secret once, and lists, reads, changes and deletes it', async () => {
      const created = await test.http
        .post('/api/v1/app/push_endpoints/')
        .set(auth(admin))
        .send({ data_type: 'sleep_summary', url: receiver.url('/crud') })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.any(String), data_type: 'sleep_summary', url: receiver.url('/crud'), active: true, version: 'V1', disabled_reason: null,
        failing_since: null, previous_secret_expires_at: null, created_at: expect.any(String), updated_at: expect.any(String),
        secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      });
      const id = created.body.id;
      const read = await test.http.get(`/api/v1/app/push_endpoints/${id}/`).set(auth(admin)).expect(200);
      expect(read.body).not.toHaveProperty('secret');
      const listed = await test.http.get('/api/v1/app/push_endpoints/').set(auth(admin)).expect(200);
      expect(listed.body.map((e: { id: string }) => e.id)).toContain(id);

      const patched = await test.http.patch(`/api/v1/app/push_endpoints/${id}/`).set(auth(admin)).send({ active: false, data_type: 'stress_summary' }).expect(200);
      expect(patched.body).toMatchObject({ active: false, data_type: 'stress_summary', url: receiver.url('/crud') });

      await test.http.delete(`/api/v1/app/push_endpoints/${id}/`).set(auth(admin)).expect(204);
      await test.http.get(`/api/v1/app/push_endpoints/${id}/`).set(auth(admin)).expect(404);
    });

    it("answers 404 for another app's endpoint and never lists it", async () => {
      const theirs = await createEndpoint('challenge', '/theirs', otherAdmin);
      const before = await databaseSnapshot(test);
      await test.http.get(`/api/v1/app/push_endpoints/${theirs.id}/`).set(auth(admin)).expect(404);
      await test.http.patch(`/api/v1/app/push_endpoints/${theirs.id}/`).set(auth(admin)).send({ active: false }).expect(404);
      await test.http.post(`/api/v1/app/push_endpoints/${theirs.id}/rotate_secret/`).set(auth(admin)).expect(404);
      await test.http.delete(`/api/v1/app/push_endpoints/${theirs.id}/`).set(auth(admin)).expect(404);
      const mine = await test.http.get('/api/v1/app/push_endpoints/').set(auth(admin)).expect(200);
      expect(mine.body.map((e: { id: string }) => e.id)).not.toContain(theirs.id);
      expect(await databaseSnapshot(test)).toEqual(before);
      await test.http.delete(`/api/v1/app/push_endpoints/${theirs.id}/`).set(auth(otherAdmin)).expect(204);
    });

    it('is for administrators only', async () => {
      await test.http.get('/api/v1/app/push_endpoints/').set(auth(ann.bearer)).expect(403);
      await test.http.get('/api/v1/app/push_deliveries/').set(auth(ann.bearer)).expect(403);
      await test.http.get('/api/v1/app/push_endpoints/').expect(401);
    });

    it.each([
      ['a null URL', { url: null }],
      ['a null active', { active: null }],
      ['an unknown data type', { data_type: 'ecg' }],
      ['a URL that is not one', { url: 'not a url' }],
      ['an unknown field', { secret: 'whsec_mine' }],
    ])('refuses a PATCH with %s with 400 and changes nothing', async (_why, body) => {
      const created = await createEndpoint('biometric', '/patch');
      const before = await databaseSnapshot(test);
      await test.http.patch(`/api/v1/app/push_endpoints/${created.id}/`).set(auth(admin)).send(body).expect(400);
      expect(await databaseSnapshot(test)).toEqual(before);
      await test.http.delete(`/api/v1/app/push_endpoints/${created.id}/`).set(auth(admin)).expect(204);
    });

    it('reads its settings from the environment, checked at boot', () => {
      expect(loadConfig({}).push).toEqual({ allowHttp: false, allowPrivateTargets: false, intervalMs: 300_000, retryBaseMs: 5_000, workers: 8 });
      expect(loadConfig({ PUSH_INTERVAL_SECONDS: '1', PUSH_RETRY_BASE_SECONDS: '0.5', PUSH_ALLOW_HTTP: 'true' }).push).toMatchObject({
        intervalMs: 1_000, retryBaseMs: 500, allowHttp: true,
      });
      for (const [name, value] of [['PUSH_INTERVAL_SECONDS', '0'], ['PUSH_RETRY_BASE_SECONDS', 'soon'], ['PUSH_WORKERS', '0'], ['PUSH_ALLOW_PRIVATE_TARGETS', 'yes']]) {
        expect(() => loadConfig({ [name]: value })).toThrow(name);
      }
    });

    it.each([
      ['an unknown data type', { data_type: 'ecg', url: 'https://hooks.example.com/' }, 'data_type'],
      ['a URL that is not one', { data_type: 'activity', url: 'hooks.example.com/in' }, null],
      ['another scheme', { data_type: 'activity', url: 'ftp://hooks.example.com/' }, null],
      ['credentials in the URL', { data_type: 'activity', url: 'https://me:pw@hooks.example.com/' }, null],
      ['an unknown version', { data_type: 'activity', url: 'https://hooks.example.com/', version: 'V2' }, 'version'],
      ['an unknown field', { data_type: 'activity', url: 'https://hooks.example.com/', secret: 'whsec_mine' }, 'secret'],
      ['no URL', { data_type: 'activity' }, 'url'],
    ])('refuses %s with 400 and changes nothing', async (_why, body, field) => {
      const before = await databaseSnapshot(test);
      const response = await test.http.post('/api/v1/app/push_endpoints/').set(auth(admin)).send(body).expect(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      if (field) expect(JSON.stringify(response.body)).toContain(field);
      expect(await databaseSnapshot(test)).toEqual(before);
    });
  });

  describe('challenge status pushes', () => {
    let endpoint: { id: string; secret: string };

    beforeAll(async () => {
      endpoint = await createEndpoint('challenge', '/challenge');
    });

    it('sends challenge_start and challenge_end at their instants with exactly the interface body, signed', async () => {
      const now = clock.now().getTime();
      const challenge = await test.http
        .post('/api/v1/challenge/')
        .set(auth(admin))
        .send({ title: 'Lifecycle', start: new Date(now - DAY).toISOString(), end: new Date(now + 2 * MINUTE).toISOString(), type: 'GROUP', goal: 'TOTAL', goal_type: 'STEPS', goal_value: 1000 })
        .expect(201);
      const id = challenge.body.public_id;
      await test.runTicks();
      await pushUntil(() => receiver.on('/challenge').some((r) => r.body.includes(id)));
      const start = receiver.on('/challenge').filter((r) => r.body.includes(id));
      expect(start).toHaveLength(1);
      const startBody = verified(endpoint.secret, start[0]);
      expect(Object.keys(startBody).sort()).toEqual(['challenge_id', 'challenge_title', 'event', 'event_timestamp']);
      expect(startBody).toMatchObject({ event: 'challenge_start', challenge_id: id, challenge_title: 'Lifecycle' });
      expect(new Date(String(startBody.event_timestamp)).toISOString()).toBe(startBody.event_timestamp);

      clock.shiftMs = 3 * MINUTE; // past the end, within the 5 minutes a receiver's clock check allows
      try {
        await test.runTicks();
        await pushUntil(() => receiver.on('/challenge').filter((r) => r.body.includes(id)).length === 2);
      } finally {
        clock.shiftMs = 0;
      }
      const end = verified(endpoint.secret, receiver.on('/challenge').filter((r) => r.body.includes(id))[1]);
      expect(Object.keys(end).sort()).toEqual(['challenge_id', 'challenge_title', 'event', 'event_timestamp']);
      expect(end).toMatchObject({ event: 'challenge_end', challenge_id: id });
      // a tick again sends nothing more
      await test.runTicks();
      await test.runPushes();
      expect(receiver.on('/challenge').filter((r) => r.body.includes(id))).toHaveLength(2);
    });

    it('sends one partial_period_goal_reached for a score crossing 25 and 50 %, then challenge_period_goal_reached, with the interface fields', async () => {
      const now = clock.now();
      const today = now.toISOString().slice(0, 10);
      const challenge = await test.http
        .post('/api/v1/challenge/')
        .set(auth(admin))
        .send({ title: 'Daily steps', start: `${today}T00:00:00Z`, end: new Date(Date.parse(`${today}T00:00:00Z`) + 7 * DAY).toISOString(), type: 'INDIVIDUAL', goal: 'DAILY', goal_type: 'STEPS', goal_value: 10000 })
        .expect(201);
      const id = challenge.body.public_id;
      await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(201);
      // The upload, then the scoring worker's turn (moments after the answer), which writes the events.
      const upload = async (steps: number) => {
        await test.http
          .post(`/api/v1/profile/${ann.publicId}/data/`)
          .set(auth(ann.bearer))
          .send({ source: 'GARMIN', daily_summary: [{ external_id: `day-${today}`, date: today, distance: 0, steps, calories: 0 }] })
          .expect(201);
        await test.runScoring();
      };
      const about = () => receiver.on('/challenge').filter((r) => r.body.includes(id) && !r.body.includes('challenge_start'));

      await upload(6000); // 60 %: 25 % and 50 % at once -> one event
      await pushUntil(() => about().length === 1);
      const partial = verified(endpoint.secret, about()[0]);
      expect(partial).toEqual({
        event: 'partial_period_goal_reached', challenge_id: id, challenge_title: 'Daily steps',
        period_start: `${today}T00:00:00.000Z`, period_end: new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString(),
        model: 'profile', model_id: ann.publicId, goal_reached_proportion: 0.6, current_score: 6000,
      });

      await upload(12000); // 120 %: 75 % and 100 % at once -> only the goal event
      await pushUntil(() => about().length === 2);
      await test.runPushes();
      expect(about()).toHaveLength(2);
      expect(verified(endpoint.secret, about()[1])).toEqual({
        event: 'challenge_period_goal_reached', challenge_id: id, challenge_title: 'Daily steps',
        period_start: `${today}T00:00:00.000Z`, period_end: new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString(),
        model: 'profile', model_id: ann.publicId,
      });
    });
  });

  describe('data pushes', () => {
    it('pushes an uploaded workout as {profile, data} to activity and workout endpoints, and nothing to others', async () => {
      const activity = await createEndpoint('activity', '/activity');
      const workout = await createEndpoint('workout', '/workout');
      await createEndpoint('biometric', '/biometric');
      await test.http
        .post(`/api/v1/profile/${ann.publicId}/data/`)
        .set(auth(ann.bearer))
        .send({ source: 'GARMIN', workout: [{ external_id: 'run-1', timestamp: '2026-11-01T07:00:00Z', duration: '00:45:00', type: 'RUNNING', distance: 8000, steps: 7000, is_manual: false }] })
        .expect(201);
      await pushUntil(() => receiver.on('/activity').length === 1 && receiver.on('/workout').length === 1);

      // default points: 0.1 per minute -> 45 min = 4.5
      expect(verified(activity.secret, receiver.on('/activity')[0])).toEqual({
        profile: ann.publicId,
        data: { timestamp: '2026-11-01T07:00:00.000Z', duration: '00:45:00.000000', source: 'GARMIN', is_manual: false, type: 'RUNNING', distance: 8000, steps: 7000, calories: null, points: 4.5 },
      });
      expect(verified(workout.secret, receiver.on('/workout')[0])).toMatchObject({
        profile: ann.publicId, data: { external_id: 'run-1', type: 'RUNNING', source: 'GARMIN', distance: 8000, points: 4.5 },
      });
      expect(receiver.on('/biometric')).toEqual([]);
      // the same upload again stores nothing new and pushes nothing new
      await test.http
        .post(`/api/v1/profile/${ann.publicId}/data/`)
        .set(auth(ann.bearer))
        .send({ source: 'GARMIN', workout: [{ external_id: 'run-1', timestamp: '2026-11-01T07:00:00Z', duration: '00:45:00', type: 'RUNNING', distance: 8000, steps: 7000, is_manual: false }] })
        .expect(201);
      await test.runPushes();
      expect(receiver.on('/activity')).toHaveLength(1);
    });
  });

  describe('delivery', () => {
    const uploadStress = (externalId: string, date = '2026-11-02') =>
      test.http
        .post(`/api/v1/profile/${ann.publicId}/data/`)
        .set(auth(ann.bearer))
        .send({ source: 'OURA', stress_summary: [{ external_id: externalId, date, average_stress: 40 }] })
        .expect(201);

    it('retries a receiver that fails three times, under one webhook-id, and logs every attempt', async () => {
      const endpoint = await createEndpoint('stress_summary', '/flaky');
      const counted = async () => Object.fromEntries(
        (await test.app.get(StriveMetrics).webhookDeliveries.get()).values.map((v) => [v.labels.outcome, v.value]),
      );
      const before = await counted();
      let calls = 0;
      receiver.answer = (r) => (r.path === '/flaky' && ++calls <= 3 ? 500 : 204);
      await uploadStress('flaky-1');
      await pushUntil(() => receiver.on('/flaky').length === 4);

      const got = receiver.on('/flaky');
      expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
      expect(verified(endpoint.secret, got[3])).toMatchObject({ profile: ann.publicId, data: { external_id: 'flaky-1', source: 'OURA' } });
      const [logged] = await deliveries(`?endpoint=${endpoint.id}`);
      expect(logged).toMatchObject({ endpoint: endpoint.id, event: 'stress_summary', data_type: 'stress_summary', status: 'delivered', webhook_id: got[0].headers['webhook-id'], last_error: null, next_attempt_at: null });
      expect(logged.attempts.map((a: { status_code: number; error: string | null }) => [a.status_code, a.error])).toEqual([
        [500, 'HTTP 500'], [500, 'HTTP 500'], [500, 'HTTP 500'], [204, null],
      ]);
      expect(logged.attempts.every((a: { latency_ms: number }) => Number.isInteger(a.latency_ms) && a.latency_ms >= 0)).toBe(true);
      // webhook_deliveries_total: three attempts with a retry due, then one delivered.
      const after = await counted();
      expect([(after.retrying ?? 0) - (before.retrying ?? 0), (after.delivered ?? 0) - (before.delivered ?? 0)]).toEqual([3, 1]);
    });

    it('does not follow a redirect: a 3xx is a failed attempt', async () => {
      const endpoint = await createEndpoint('stress_summary', '/redirect');
      receiver.answer = (r) => (r.path === '/redirect' ? 302 : 204);
      await uploadStress('redirect-1', '2026-11-03');
      await pushUntil(() => receiver.on('/redirect').length >= 2);
      const [logged] = await deliveries(`?endpoint=${endpoint.id}`);
      expect(logged.status).toBe('pending');
      expect(logged.attempts[0]).toMatchObject({ status_code: 302, error: 'HTTP 302' });
      await test.http.delete(`/api/v1/app/push_endpoints/${endpoint.id}/`).set(auth(admin)).expect(204);
    });

    it('re-sends a delivered delivery under the same webhook-id, and refuses to re-send a pending one', async () => {
      const endpoint = await createEndpoint('stress_summary', '/resend');
      await uploadStress('resend-1', '2026-11-04');
      await pushUntil(() => receiver.on('/resend').length === 1);
      const [logged] = await deliveries(`?endpoint=${endpoint.id}`);
      const retried = await test.http.post(`/api/v1/app/push_deliveries/${logged.id}/retry/`).set(auth(admin)).expect(200);
      expect(retried.body).toMatchObject({ id: logged.id, status: 'pending' });
      await test.http.post(`/api/v1/app/push_deliveries/${logged.id}/retry/`).set(auth(admin)).expect(409);
      await pushUntil(() => receiver.on('/resend').length === 2);
      const [first, second] = receiver.on('/resend');
      expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
      expect(second.body).toBe(first.body);
      expect(verified(endpoint.secret, second)).toMatchObject({ data: { external_id: 'resend-1' } });
    });

    it('signs with the old and the new secret for 24 hours after a rotation: both verify', async () => {
      const endpoint = await createEndpoint('stress_summary', '/rotate');
      const rotated = await test.http.post(`/api/v1/app/push_endpoints/${endpoint.id}/rotate_secret/`).set(auth(admin)).expect(200);
      expect(rotated.body.secret).toMatch(/^whsec_/);
      expect(rotated.body.secret).not.toBe(endpoint.secret);
      expect(Date.parse(rotated.body.previous_secret_expires_at) - Date.parse(rotated.body.updated_at)).toBe(DAY);
      await uploadStress('rotate-1', '2026-11-05');
      await pushUntil(() => receiver.on('/rotate').length === 1);
      const [got] = receiver.on('/rotate');
      expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verified(rotated.body.secret, got)).toMatchObject({ data: { external_id: 'rotate-1' } });
      expect(verified(endpoint.secret, got)).toMatchObject({ data: { external_id: 'rotate-1' } });
      expect(() => verified('whsec_' + Buffer.alloc(32, 7).toString('base64'), got)).toThrow();
    });

    it("answers 404 for another app's delivery and filters the log by endpoint, event and status", async () => {
      const theirs = await createEndpoint('stress_summary', '/theirs-log', otherAdmin);
      const bob = await createProfile(test, otherAdmin, { name: 'Bob' });
      await test.http.post(`/api/v1/profile/${bob.publicId}/data/`).set(auth(bob.bearer)).send({ source: 'OURA', stress_summary: [{ external_id: 'bob-1', date: '2026-11-06', average_stress: 40 }] }).expect(201);
      await pushUntil(() => receiver.on('/theirs-log').length === 1);
      const [their] = (await test.http.get('/api/v1/app/push_deliveries/').set(auth(otherAdmin)).expect(200)).body;
      await test.http.post(`/api/v1/app/push_deliveries/${their.id}/retry/`).set(auth(admin)).expect(404);
      expect(await deliveries(`?endpoint=${theirs.id}`)).toEqual([]);
      expect((await deliveries()).map((d: { id: string }) => d.id)).not.toContain(their.id);

      const failed = await deliveries('?status=delivered&event=partial_period_goal_reached');
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((d: { status: string; event: string }) => d.status === 'delivered' && d.event === 'partial_period_goal_reached')).toBe(true);
      await test.http.get('/api/v1/app/push_deliveries/?status=lost').set(auth(admin)).expect(400);
      await test.http.get('/api/v1/app/push_deliveries/?endpoint=nope').set(auth(admin)).expect(400);
      await test.http.get('/api/v1/app/push_deliveries/?cursor=bm9wZQ').set(auth(admin)).expect(400);
      await test.http.get('/api/v1/app/push_deliveries/?sort=asc').set(auth(admin)).expect(400);
      await test.http.post('/api/v1/app/push_deliveries/00000000-0000-4000-8000-000000000000/retry/').set(auth(admin)).expect(404);
    });

    it('pages the log newest first with cursors in both directions', async () => {
      const all = await deliveries('?page_size=1000');
      expect(all.length).toBeGreaterThanOrEqual(5);
      const seen: string[] = [];
      let response = await test.http.get('/api/v1/app/push_deliveries/?page_size=2').set(auth(admin)).expect(200);
      expect(response.headers['api-results-previous']).toBeUndefined();
      const pages = [response];
      seen.push(...response.body.map((d: { id: string }) => d.id));
      while (response.headers['api-results-next']) {
        response = await test.http.get(new URL(response.headers['api-results-next']).pathname + new URL(response.headers['api-results-next']).search).set(auth(admin)).expect(200);
        pages.push(response);
        seen.push(...response.body.map((d: { id: string }) => d.id));
      }
      expect(seen).toEqual(all.map((d: { id: string }) => d.id));
      const back = new URL(pages[1].headers['api-results-previous']);
      const previous = await test.http.get(back.pathname + back.search).set(auth(admin)).expect(200);
      expect(previous.body.map((d: { id: string }) => d.id)).toEqual(pages[0].body.map((d: { id: string }) => d.id));
      expect(previous.headers['api-results-previous']).toBeUndefined();
    });

    it('disables an endpoint that failed for 5 days in a row, saying why, and sends nothing more to it', async () => {
      const endpoint = await createEndpoint('stress_summary', '/down');
      receiver.answer = (r) => (r.path === '/down' ? 503 : 204);
      await uploadStress('down-1', '2026-11-07');
      await pushUntil(() => receiver.on('/down').length >= 1);
      const beforeFiveDays = receiver.on('/down').length;
      try {
        clock.shiftMs = 5 * DAY + MINUTE; // the next attempt comes 5 days after the first failure
        await pushUntil(() => receiver.on('/down').length === beforeFiveDays + 1);
      } finally {
        clock.shiftMs = 0;
      }
      const failures = receiver.on('/down').length;
      const read = await test.http.get(`/api/v1/app/push_endpoints/${endpoint.id}/`).set(auth(admin)).expect(200);
      expect(read.body.active).toBe(false);
      expect(read.body.disabled_reason).toMatch(/^Disabled at .*: every delivery failed since .* \(5 days\)\.$/);
      expect(read.body.failing_since).not.toBeNull();
      const [logged] = await deliveries(`?endpoint=${endpoint.id}`);
      // the second attempt also fell after the 24-hour retry window
      expect(logged.status).toBe('failed');

      await uploadStress('down-2', '2026-11-08');
      await test.runPushes();
      expect(receiver.on('/down')).toHaveLength(failures);

      // nothing was queued for it while disabled; re-activated, it gets the failed one when re-sent
      receiver.answer = () => 204;
      const active = await test.http.patch(`/api/v1/app/push_endpoints/${endpoint.id}/`).set(auth(admin)).send({ active: true }).expect(200);
      expect(active.body).toMatchObject({ active: true, disabled_reason: null, failing_since: null });
      await test.http.post(`/api/v1/app/push_deliveries/${logged.id}/retry/`).set(auth(admin)).expect(200);
      await pushUntil(() => receiver.on('/down').length === failures + 1);
      expect(verified(endpoint.secret, receiver.on('/down')[failures])).toMatchObject({ data: { external_id: 'down-1' } });
      await test.runPushes();
      expect(receiver.on('/down')).toHaveLength(failures + 1);
    });
  });
});

describe('webhook targets without the local-development switches', () => {
  let test: TestApp;
  let admin: string;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await adminBearer(test, await createClientApp(test));
  });

  afterAll(() => test.close());

  const REFUSED_TARGET = 'url must not point at a loopback, private, link-local or metadata address: refused.';
  it.each([
    ['http', 'http://hooks.example.com/in', 'https'],
    // The refusal never says which address a host resolved to (that would map the service's network).
    ['a loopback target', 'https://127.0.0.1/in', REFUSED_TARGET],
    ['the metadata service', 'https://169.254.169.254/latest/meta-data', REFUSED_TARGET],
    ['a private network target', 'https://10.1.2.3/in', REFUSED_TARGET],
    ['a name that resolves to loopback', 'https://localhost:8443/in', REFUSED_TARGET],
    ['IPv6 loopback', 'https://[::1]/in', REFUSED_TARGET],
    ['IPv4-compatible IPv6 loopback', 'https://[::127.0.0.1]/in', REFUSED_TARGET],
  ])('refuses %s with 400 and changes nothing', async (_why, url, named) => {
    const before = await databaseSnapshot(test);
    const response = await test.http.post('/api/v1/app/push_endpoints/').set(bearerAuth(admin)).send({ data_type: 'challenge', url }).expect(400);
    expect(response.body.detail).toContain(named);
    expect(await databaseSnapshot(test)).toEqual(before);
  });

  it('refuses a private target on PATCH too', async () => {
    const created = await test.http.post('/api/v1/app/push_endpoints/').set(bearerAuth(admin)).send({ data_type: 'challenge', url: 'https://93.184.216.34/in' }).expect(201);
    const before = await databaseSnapshot(test);
    await test.http.patch(`/api/v1/app/push_endpoints/${created.body.id}/`).set(bearerAuth(admin)).send({ url: 'https://192.168.0.10/' }).expect(400);
    expect(await databaseSnapshot(test)).toEqual(before);
  });
});
