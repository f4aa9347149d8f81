import { adminBearer, bearerAuth, createClientApp, createProfile, startTestApp, TestApp } from './support/test-app';

describe('GET /activity_types/', () => {
  let test: TestApp;
  let admin: string;
  let profileBearer: string;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await adminBearer(test, await createClientApp(test));
    profileBearer = (await createProfile(test, admin)).bearer;
  });
  afterAll(() => test.close());

  it('lists the activity types for either bearer: upper-case words, no duplicates, OTHER last', async () => {
    const asAdmin = await test.http.get('/api/v1/activity_types/').set(bearerAuth(admin)).expect(200);
    const asProfile = await test.http.get('/api/v1/activity_types/').set(bearerAuth(profileBearer)).expect(200);
    expect(asProfile.body).toEqual(asAdmin.body);
    const types: string[] = asAdmin.body;
    expect(types).toEqual(expect.arrayContaining(['WALKING', 'RUNNING', 'CYCLING', 'SWIMMING', 'HIKING', 'ROWING', 'STRENGTH_TRAINING', 'YOGA', 'OTHER']));
    expect(types.every((type) => /^[A-Z][A-Z0-9_]*$/.test(type))).toBe(true);
    expect(new Set(types).size).toBe(types.length);
    expect(types[types.length - 1]).toBe('OTHER');
  });

  it('is 401 without a bearer and 400 with a query parameter', async () => {
    await test.http.get('/api/v1/activity_types/').expect(401);
    const response = await test.http.get('/api/v1/activity_types/?type=RUNNING').set(bearerAuth(admin)).expect(400);
    expect(response.body.errors).toEqual([expect.objectContaining({ field: 'type' })]);
  });
});
