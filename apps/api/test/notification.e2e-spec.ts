import { FixedClock } from '@strive/domain/testing';
import { FakeApnsServer } from './support/fake-apns-server';
import { FakeFcmServer } from './support/fake-fcm-server';
import {
  adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, databaseSnapshot, startTestApp, TestApp,
} from './support/test-app';

const auth = bearerAuth;
const apnsToken = (n: number) => n.toString(16).padStart(64, 'a');
const UNKNOWN_ID = '9e9e9e9e-0000-4000-8000-000000000000';

/** Devices and notifications over HTTP (issue 12, item 5 and its tenancy and bad-input parts of item 7). */
describe('devices and notifications, recorded (no push service configured)', () => {
  const clock = new FixedClock('2026-03-04T10:00:00Z');
  let test: TestApp;
  let admin: string;
  let otherAdmin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;
  let stranger: CreatedTestProfile;
  const devices = (profile: CreatedTestProfile) => `/api/v1/profile/${profile.publicId}/devices/`;
  const register = (profile: CreatedTestProfile, token: string, platform: string, bearer = profile.bearer) =>
    test.http.post(devices(profile)).set(auth(bearer)).send({ token, platform });

  beforeAll(async () => {
    test = await startTestApp({ clock });
    admin = await adminBearer(test, await createClientApp(test, 'Club'));
    otherAdmin = await adminBearer(test, await createClientApp(test, 'Other club'));
    ann = await createProfile(test, admin, { name: 'Ann' });
    bob = await createProfile(test, admin, { name: 'Bob' });
    stranger = await createProfile(test, otherAdmin, { name: 'Stranger' });
  });
  afterAll(() => test.close());

  it("registers a profile's token with its own bearer or the administrator's; a token registered again moves", async () => {
    const own = await register(ann, 'fcm-ann-1', 'android').expect(201);
    expect(own.body).toEqual({ token: 'fcm-ann-1', platform: 'android', profile: ann.publicId, registered_at: '2026-03-04T10:00:00.000Z' });
    await register(ann, apnsToken(1), 'ios', admin).expect(201);
    clock.advance(60_000);
    // Bob logs in on Ann's old phone: the token is his now, and Ann can no longer remove it.
    const moved = await register(bob, 'fcm-ann-1', 'web').expect(201);
    expect(moved.body).toEqual({ token: 'fcm-ann-1', platform: 'web', profile: bob.publicId, registered_at: '2026-03-04T10:01:00.000Z' });
    await test.http.delete(`${devices(ann)}?token=fcm-ann-1`).set(auth(ann.bearer)).expect(404);
    await test.http.delete(`${devices(bob)}?token=fcm-ann-1`).set(auth(bob.bearer)).expect(204);
    await test.http.delete(`${devices(bob)}?token=fcm-ann-1`).set(auth(bob.bearer)).expect(404);
    await test.http.delete(`${devices(ann)}?token=${apnsToken(1)}`).set(auth(admin)).expect(204);
  });

  it("refuses other profiles' and apps' devices and bad input, changing nothing", async () => {
    await register(ann, 'fcm-keep', 'android').expect(201);
    const before = await databaseSnapshot(test);
    await test.http.post(devices(ann)).send({ token: 't', platform: 'android' }).expect(401);
    await register(ann, 'fcm-x', 'android', bob.bearer).expect(403);
    await register(ann, 'fcm-x', 'android', otherAdmin).expect(404);
    await register(stranger, 'fcm-x', 'android', admin).expect(404);
    await test.http.post(`/api/v1/profile/${UNKNOWN_ID}/devices/`).set(auth(admin)).send({ token: 'fcm-x', platform: 'android' }).expect(404);
    await test.http.post('/api/v1/profile/not-a-uuid/devices/').set(auth(admin)).send({ token: 'fcm-x', platform: 'android' }).expect(400);
    const badPlatform = await register(ann, 'fcm-x', 'windows').expect(400);
    expect(badPlatform.headers['content-type']).toContain('application/problem+json');
    expect(badPlatform.body.errors).toEqual([expect.objectContaining({ field: 'platform' })]);
    const notHex = await register(ann, 'fcm-x', 'ios').expect(400);
    expect(notHex.body).toMatchObject({
      detail: 'an ios token is the APNs device token: 64 to 200 hexadecimal digits.',
      errors: [{ field: 'token', message: 'an ios token is the APNs device token: 64 to 200 hexadecimal digits.' }],
    });
    await register(ann, 'two words', 'android').expect(400);
    await register(ann, 'x'.repeat(1025), 'android').expect(400);
    await test.http.post(devices(ann)).set(auth(ann.bearer)).send({ token: 'fcm-x', platform: 'android', name: 'phone' }).expect(400);
    await test.http.post(devices(ann)).set(auth(ann.bearer)).send({ token: 42, platform: 'android' }).expect(400);
    await test.http.delete(devices(ann)).set(auth(ann.bearer)).expect(400);
    await test.http.delete(`${devices(ann)}?token=fcm-keep&all=true`).set(auth(ann.bearer)).expect(400);
    await test.http.delete(`${devices(ann)}?token=fcm-keep`).set(auth(bob.bearer)).expect(403);
    await test.http.delete(`${devices(ann)}?token=fcm-keep`).set(auth(otherAdmin)).expect(404);
    expect(await databaseSnapshot(test)).toEqual(before);
    await test.http.delete(`${devices(ann)}?token=fcm-keep`).set(auth(ann.bearer)).expect(204);
  });

  it('send_to_all answers 201 at once; the fan-out job records a message per device of the app', async () => {
    await register(ann, 'fcm-a', 'android').expect(201);
    await register(ann, apnsToken(2), 'ios').expect(201);
    await register(bob, 'web-b', 'web').expect(201);
    await register(stranger, 'fcm-s', 'android').expect(201);
    await test.http.post('/api/v1/notification/send_to_all/').set(auth(ann.bearer)).send({ title: 'Hi' }).expect(403);
    const sent = await test.http.post('/api/v1/notification/send_to_all/').set(auth(admin))
      .send({ title: 'Week 3', body: 'You are 2nd', data: { challenge: 'c-1' }, image: 'https://cdn.example.com/w3.png' }).expect(201);
    const id = sent.body.public_id;
    expect(sent.body).toEqual({
      public_id: id, title: 'Week 3', body: 'You are 2nd', data: { challenge: 'c-1' }, image: 'https://cdn.example.com/w3.png',
      status: 'queued', created: '2026-03-04T10:01:00.000Z', finished: null, devices: 0, sent: 0, failed: 0, unregistered: 0,
    });
    // Nothing is sent inside the request.
    expect((await test.http.get(`/api/v1/notification/${id}/recorded/`).set(auth(admin)).expect(200)).body.count).toBe(0);
    clock.advance(5_000);
    await test.runJobs();
    const read = await test.http.get(`/api/v1/notification/${id}/`).set(auth(admin)).expect(200);
    expect(read.body).toEqual({ ...sent.body, status: 'sent', finished: '2026-03-04T10:01:05.000Z', devices: 3, sent: 3, failed: 0, unregistered: 0, profiles: null });
    const recorded = await test.http.get(`/api/v1/notification/${id}/recorded/?limit=2`).set(auth(admin)).expect(200);
    expect(recorded.body.count).toBe(3);
    expect(recorded.body.next).toBe(`${test.baseUrl}/api/v1/notification/${id}/recorded/?limit=2&offset=2`);
    const all = (await test.http.get(`/api/v1/notification/${id}/recorded/`).set(auth(admin)).expect(200)).body.results;
    expect(all.map((r: { platform: string; token: string }) => `${r.platform}:${r.token}`).sort()).toEqual(['android:fcm-a', `ios:${apnsToken(2)}`, 'web:web-b']);
    expect(all[0]).toEqual({
      platform: all[0].platform, token: all[0].token, recorded_at: '2026-03-04T10:01:05.000Z',
      message: { title: 'Week 3', body: 'You are 2nd', data: { challenge: 'c-1' }, image: 'https://cdn.example.com/w3.png' },
    });
    // Another app sees neither the notification nor what was recorded for it.
    await test.http.get(`/api/v1/notification/${id}/`).set(auth(otherAdmin)).expect(404);
    await test.http.get(`/api/v1/notification/${id}/recorded/`).set(auth(otherAdmin)).expect(404);
    await test.http.get(`/api/v1/notification/${id}/`).set(auth(ann.bearer)).expect(403);
    await test.http.get(`/api/v1/notification/${id}/recorded/?page=2`).set(auth(admin)).expect(400);
    // Recorded pushes are kept 7 days: one made 7 days and 1 ms old goes at the next ticks, the others stay.
    await test.dataSource.query(
      `UPDATE recorded_push SET recorded_at = '2026-02-25T10:01:04.999Z' WHERE id = (SELECT min(id) FROM recorded_push WHERE notification_id = $1)`,
      [id],
    );
    await test.runTicks();
    expect((await test.http.get(`/api/v1/notification/${id}/recorded/`).set(auth(admin)).expect(200)).body.count).toBe(2);
  });

  it("send_to_profiles reaches the listed profiles' devices only; an unknown profile is a 400 naming it, and nothing is sent", async () => {
    const before = await databaseSnapshot(test);
    const refused = await test.http.post('/api/v1/notification/send_to_profiles/').set(auth(admin))
      .send({ title: 'Hi', profiles: [ann.publicId, stranger.publicId, UNKNOWN_ID] }).expect(400);
    expect(refused.body).toMatchObject({
      detail: `Not profiles of this app: ${stranger.publicId}, ${UNKNOWN_ID}. Nothing was sent.`,
      errors: [{ field: 'profiles', message: `Not profiles of this app: ${stranger.publicId}, ${UNKNOWN_ID}. Nothing was sent.` }],
    });
    await test.http.post('/api/v1/notification/send_to_profiles/').set(auth(admin)).send({ title: 'Hi', profiles: [] }).expect(400);
    await test.http.post('/api/v1/notification/send_to_profiles/').set(auth(admin)).send({ title: 'Hi', profiles: ['nope'] }).expect(400);
    await test.http.post('/api/v1/notification/send_to_profiles/').set(auth(admin)).send({ title: 'Hi' }).expect(400);
    await test.runJobs();
    expect(await databaseSnapshot(test)).toEqual(before);

    const sent = await test.http.post('/api/v1/notification/send_to_profiles/').set(auth(admin))
      .send({ title: 'Only you', profiles: [bob.publicId.toUpperCase(), bob.publicId] }).expect(201);
    expect(sent.body).toMatchObject({ title: 'Only you', body: '', data: {}, image: null, status: 'queued', profiles: [bob.publicId] });
    await test.runJobs();
    const recorded = (await test.http.get(`/api/v1/notification/${sent.body.public_id}/recorded/`).set(auth(admin)).expect(200)).body;
    expect(recorded.results.map((r: { token: string }) => r.token)).toEqual(['web-b']);
    expect((await test.http.get(`/api/v1/notification/${sent.body.public_id}/`).set(auth(admin))).body).toMatchObject({ profiles: [bob.publicId], devices: 1, sent: 1 });
  });

  it('refuses bad notification bodies with a 400, storing nothing', async () => {
    const before = await databaseSnapshot(test);
    const post = (body: unknown) => test.http.post('/api/v1/notification/send_to_all/').set(auth(admin)).send(body as object);
    await post({}).expect(400);
    await post({ title: '' }).expect(400);
    await post({ title: 'x'.repeat(201) }).expect(400);
    await post({ title: 'Hi', priority: 'high' }).expect(400);
    await post({ title: 'Hi', data: { n: 1 } }).expect(400);
    await post({ title: 'Hi', data: ['a'] }).expect(400);
    await post({ title: 'Hi', data: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }).expect(400);
    expect((await post({ title: 'Hi', data: { from: 'me' } }).expect(400)).body.errors).toEqual([{ field: 'data.from', message: 'data key from is reserved by the push services.' }]);
    expect((await post({ title: 'Hi', image: 'http://cdn.example.com/a.png' }).expect(400)).body.detail).toBe('image must be an https URL.');
    const tooBig = await post({ title: 'x'.repeat(200), body: 'x'.repeat(1000), data: { a: 'x'.repeat(1000), b: 'x'.repeat(1000), c: 'x'.repeat(298) } }).expect(400);
    expect(tooBig.body.detail).toBe('title, body, image and data together take 3501 bytes (UTF-8); at most 3500 fit in a push message.');
    await test.http.get(`/api/v1/notification/${UNKNOWN_ID}/`).set(auth(admin)).expect(404);
    expect(await databaseSnapshot(test)).toEqual(before);
  });
});

describe('devices and notifications through FCM and APNs (local fakes of both services)', () => {
  let fcm: FakeFcmServer;
  let apns: FakeApnsServer;
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;

  beforeAll(async () => {
    fcm = await FakeFcmServer.start();
    apns = await FakeApnsServer.start();
    test = await startTestApp({
      env: {
        FCM_PROJECT_ID: fcm.projectId, FCM_SERVICE_ACCOUNT_JSON: JSON.stringify(fcm.serviceAccount), FCM_BASE_URL: fcm.baseUrl,
        APNS_KEY: apns.privateKeyPem, APNS_KEY_ID: apns.keyId, APNS_TEAM_ID: apns.teamId, APNS_TOPIC: apns.topic, APNS_BASE_URL: apns.baseUrl,
      },
    });
    admin = await adminBearer(test, await createClientApp(test, 'Club'));
    ann = await createProfile(test, admin, { name: 'Ann' });
    bob = await createProfile(test, admin, { name: 'Bob' });
  });
  afterAll(async () => {
    await test.close();
    await Promise.all([fcm.close(), apns.close()]);
  });

  it('fans out through FCM (android, web) and APNs (ios), and removes the devices the services report unregistered', async () => {
    const register = (profile: CreatedTestProfile, token: string, platform: string) =>
      test.http.post(`/api/v1/profile/${profile.publicId}/devices/`).set(auth(profile.bearer)).send({ token, platform }).expect(201);
    await register(ann, 'fcm-ann', 'android');
    await register(ann, apnsToken(1), 'ios');
    await register(bob, 'web-bob', 'web');
    await register(bob, 'fcm-gone', 'android');
    await register(bob, apnsToken(2), 'ios');
    fcm.unregistered.add('fcm-gone');
    apns.unregistered.add(apnsToken(2));

    const sent = await test.http.post('/api/v1/notification/send_to_all/').set(auth(admin))
      .send({ title: 'Week 3', body: 'You are 2nd', data: { challenge: 'c-1' } }).expect(201);
    expect(fcm.received).toEqual([]);
    await test.runJobs();

    expect(fcm.refusals).toEqual(['404 NOT_FOUND UNREGISTERED: Requested entity was not found.']);
    expect(apns.refusals).toEqual(['410 Unregistered']);
    expect(fcm.received.map((r) => r.message).sort((a, b) => String(a.token).localeCompare(String(b.token)))).toEqual([
      { token: 'fcm-ann', notification: { title: 'Week 3', body: 'You are 2nd' }, data: { challenge: 'c-1' }, android: { priority: 'high' } },
      { token: 'web-bob', notification: { title: 'Week 3', body: 'You are 2nd' }, data: { challenge: 'c-1' } },
    ]);
    expect(apns.received.map((r) => [r.token, r.payload])).toEqual([[apnsToken(1), { aps: { alert: { title: 'Week 3', body: 'You are 2nd' }, sound: 'default' }, challenge: 'c-1' }]]);
    expect((await test.http.get(`/api/v1/notification/${sent.body.public_id}/`).set(auth(admin))).body).toMatchObject({
      status: 'sent', devices: 5, sent: 3, failed: 0, unregistered: 2,
    });
    // Nothing was recorded: both services are configured.
    expect((await test.http.get(`/api/v1/notification/${sent.body.public_id}/recorded/`).set(auth(admin))).body.count).toBe(0);
    // The unregistered devices are gone; the others are still registered.
    await test.http.delete(`/api/v1/profile/${bob.publicId}/devices/?token=fcm-gone`).set(auth(bob.bearer)).expect(404);
    await test.http.delete(`/api/v1/profile/${bob.publicId}/devices/?token=${apnsToken(2)}`).set(auth(bob.bearer)).expect(404);
    await test.http.delete(`/api/v1/profile/${bob.publicId}/devices/?token=web-bob`).set(auth(bob.bearer)).expect(204);
  });

  it('retries a batch later when FCM is unavailable for all of its tokens', async () => {
    fcm.received.length = 0;
    apns.received.length = 0;
    fcm.unavailable = true;
    const sent = await test.http.post('/api/v1/notification/send_to_profiles/').set(auth(admin)).send({ title: 'Retry', profiles: [ann.publicId] }).expect(201);
    await test.runJobs();
    // APNs took its message, then the batch failed on FCM: nothing is recorded yet and the job waits for its retry.
    expect((await test.http.get(`/api/v1/notification/${sent.body.public_id}/`).set(auth(admin))).body).toMatchObject({ status: 'queued', devices: 0 });
    const [job] = await test.dataSource.query(`SELECT status, attempts, last_error FROM job WHERE type = 'notification.fan_out' ORDER BY id DESC LIMIT 1`);
    expect(job).toEqual({ status: 'pending', attempts: 1, last_error: 'FCM unavailable for all 1 tokens of the batch' });
    fcm.unavailable = false;
    await test.dataSource.query(`UPDATE job SET run_at = now() WHERE status = 'pending'`);
    await test.runJobs();
    expect(fcm.received.map((r) => r.token)).toEqual(['fcm-ann']);
    // The unrecorded batch went to APNs twice; its collapse id (the notification's) makes the phone show it once.
    expect(apns.received.map((r) => [r.token, r.headers['apns-collapse-id']])).toEqual([[apnsToken(1), sent.body.public_id], [apnsToken(1), sent.body.public_id]]);
    expect((await test.http.get(`/api/v1/notification/${sent.body.public_id}/`).set(auth(admin))).body).toMatchObject({ status: 'sent', devices: 2, sent: 2 });
  });

  it('resumes after the last recorded batch: a job that failed midway sends each device the message once', async () => {
    // An app of its own with 26 profiles of 20 android devices: 520 devices, batches of 500 and 20.
    const club = await adminBearer(test, await createClientApp(test, 'Big club'));
    const tokens: string[] = [];
    for (let p = 0; p < 26; p++) {
      const member = await createProfile(test, club, { name: `Member ${p}` });
      for (let d = 0; d < 20; d++) {
        tokens.push(`bulk-${p}-${d}`);
        await test.http.post(`/api/v1/profile/${member.publicId}/devices/`).set(auth(club)).send({ token: `bulk-${p}-${d}`, platform: 'android' }).expect(201);
      }
    }
    fcm.received.length = 0;
    fcm.refusals.length = 0;
    fcm.acceptAtMost = 500; // the first batch goes out; FCM is unavailable for the second
    const sent = await test.http.post('/api/v1/notification/send_to_all/').set(auth(club)).send({ title: 'Bulk' }).expect(201);
    await test.runJobs();
    expect((await test.http.get(`/api/v1/notification/${sent.body.public_id}/`).set(auth(club))).body).toMatchObject({ status: 'sending', devices: 500, sent: 500 });
    expect(fcm.refusals).toHaveLength(20);

    fcm.acceptAtMost = null;
    await test.dataSource.query(`UPDATE job SET run_at = now() WHERE status = 'pending'`);
    await test.runJobs();
    expect((await test.http.get(`/api/v1/notification/${sent.body.public_id}/`).set(auth(club))).body).toMatchObject({ status: 'sent', devices: 520, sent: 520, failed: 0 });
    const received = fcm.received.map((r) => r.token);
    expect(received).toHaveLength(520);
    expect([...new Set(received)].sort()).toEqual([...tokens].sort());
  }, 180_000); // 546 requests to set up: minutes on the embedded database of a busy machine
});
