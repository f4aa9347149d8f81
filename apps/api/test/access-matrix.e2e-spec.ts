import { adminBearer, createClientApp, createProfile, CreatedTestProfile, startTestApp, TestApp } from './support/test-app';

/**
 * interface.md "Authentication", operation by operation: who gets what.
 * Callers: nobody, a made-up bearer, the app's administrator, the profile itself,
 * another profile of the same app, and another app's administrator and profile.
 */
type Caller = 'none' | 'wrong' | 'admin' | 'own' | 'otherProfile' | 'otherAppAdmin' | 'otherAppProfile';
const CALLERS: Caller[] = ['none', 'wrong', 'admin', 'own', 'otherProfile', 'otherAppAdmin', 'otherAppProfile'];

interface Operation {
  name: string;
  call: (t: TestApp, target: CreatedTestProfile) => ReturnType<TestApp['http']['get']>;
  expected: Record<Caller, number>;
}

const OPERATIONS: Operation[] = [
  {
    name: 'GET /profile/ (either)',
    call: (t) => t.http.get('/api/v1/profile/'),
    expected: { none: 401, wrong: 401, admin: 200, own: 200, otherProfile: 200, otherAppAdmin: 200, otherAppProfile: 200 },
  },
  {
    name: 'POST /profile/ (administrator)',
    call: (t) => t.http.post('/api/v1/profile/').send({ name: 'New' }),
    expected: { none: 401, wrong: 401, admin: 201, own: 403, otherProfile: 403, otherAppAdmin: 201, otherAppProfile: 403 },
  },
  {
    name: 'GET /profile/{id}/ (own profile)',
    call: (t, p) => t.http.get(`/api/v1/profile/${p.publicId}/`),
    expected: { none: 401, wrong: 401, admin: 403, own: 200, otherProfile: 403, otherAppAdmin: 404, otherAppProfile: 404 },
  },
  {
    name: 'PUT /profile/{id}/ (own profile)',
    call: (t, p) => t.http.put(`/api/v1/profile/${p.publicId}/`).send({ name: 'Renamed' }),
    expected: { none: 401, wrong: 401, admin: 403, own: 200, otherProfile: 403, otherAppAdmin: 404, otherAppProfile: 404 },
  },
  {
    name: 'PATCH /profile/{id}/ (own profile)',
    call: (t, p) => t.http.patch(`/api/v1/profile/${p.publicId}/`).send({ reference: 'x' }),
    expected: { none: 401, wrong: 401, admin: 403, own: 200, otherProfile: 403, otherAppAdmin: 404, otherAppProfile: 404 },
  },
  {
    name: 'DELETE /profile/{id}/ (either, own app)',
    call: (t, p) => t.http.delete(`/api/v1/profile/${p.publicId}/`),
    expected: { none: 401, wrong: 401, admin: 204, own: 204, otherProfile: 403, otherAppAdmin: 404, otherAppProfile: 404 },
  },
  // Devices and notifications (issue 12)
  {
    name: 'POST /profile/{id}/devices/ (own profile or administrator)',
    call: (t, p) => t.http.post(`/api/v1/profile/${p.publicId}/devices/`).send({ token: 'fcm-matrix', platform: 'android' }),
    expected: { none: 401, wrong: 401, admin: 201, own: 201, otherProfile: 403, otherAppAdmin: 404, otherAppProfile: 404 },
  },
  {
    name: 'DELETE /profile/{id}/devices/ (own profile or administrator; no such token: 404)',
    call: (t, p) => t.http.delete(`/api/v1/profile/${p.publicId}/devices/?token=fcm-none`),
    expected: { none: 401, wrong: 401, admin: 404, own: 404, otherProfile: 403, otherAppAdmin: 404, otherAppProfile: 404 },
  },
  {
    name: 'POST /notification/send_to_all/ (administrator)',
    call: (t) => t.http.post('/api/v1/notification/send_to_all/').send({ title: 'Hi' }),
    expected: { none: 401, wrong: 401, admin: 201, own: 403, otherProfile: 403, otherAppAdmin: 201, otherAppProfile: 403 },
  },
  {
    name: "POST /notification/send_to_profiles/ (administrator; another app's profile: 400)",
    call: (t, p) => t.http.post('/api/v1/notification/send_to_profiles/').send({ title: 'Hi', profiles: [p.publicId] }),
    expected: { none: 401, wrong: 401, admin: 201, own: 403, otherProfile: 403, otherAppAdmin: 400, otherAppProfile: 403 },
  },
];

describe('authorization matrix', () => {
  let test: TestApp;
  let bearers: Record<Exclude<Caller, 'none' | 'own'>, string>;
  let adminA: string;

  beforeAll(async () => {
    test = await startTestApp();
    adminA = await adminBearer(test, await createClientApp(test, 'A'));
    const adminB = await adminBearer(test, await createClientApp(test, 'B'));
    bearers = {
      wrong: 'not-a-real-bearer-at-all',
      admin: adminA,
      otherProfile: (await createProfile(test, adminA, { name: 'Other' })).bearer,
      otherAppAdmin: adminB,
      otherAppProfile: (await createProfile(test, adminB, { name: 'Stranger' })).bearer,
    };
  });
  afterAll(() => test.close());

  const cases = OPERATIONS.flatMap((operation) => CALLERS.map((caller) => [operation.name, caller, operation.expected[caller], operation] as const));

  it.each(cases)('%s as %s answers %i', async (_name, caller, status, operation) => {
    // A fresh target each time: deletes and renames must not leak into other cases.
    const target = await createProfile(test, adminA, { name: 'Target' });
    let call = operation.call(test, target);
    if (caller === 'own') call = call.set('Authorization', `Bearer ${target.bearer}`);
    else if (caller !== 'none') call = call.set('Authorization', `Bearer ${bearers[caller]}`);
    const response = await call;
    expect(response.status).toBe(status);
    if (status >= 400) {
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ status, type: expect.stringMatching(/^urn:strive:problem:/) });
    }
  });

  it("lists only the caller's own app profiles", async () => {
    const response = await test.http.get('/api/v1/profile/?limit=100').set('Authorization', `Bearer ${bearers.otherAppAdmin}`).expect(200);
    expect(response.body.results.map((p: { name: string }) => p.name)).not.toContain('Target');
    expect(response.body.results.map((p: { name: string }) => p.name)).not.toContain('Other');
  });
});
