import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApiDocument } from '../src/openapi/openapi-document';
import { adminBearer, bearerAuth, createClientApp, createProfile, CreatedTestProfile, startTestApp, stepsChallengeBody, TestApp } from './support/test-app';

/** Every difference between v1 and v1.1 that docs/versioning.md lists, one test each. */
describe('versions v1 and v1.1 (docs/versioning.md)', () => {
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;

  beforeAll(async () => {
    test = await startTestApp();
    admin = await adminBearer(test, await createClientApp(test));
    ann = await createProfile(test, admin, { name: 'Ann' });
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(bearerAuth(ann.bearer)).send({
      source: 'GARMIN',
      workout: [{
        external_id: 'w1', timestamp: '2026-11-20T07:00:00Z', duration: '00:30:00', type: 'RUNNING', distance: 5000,
        heart_rate_summary: { average: 148, min: 96, max: 176 }, heart_rate_samples: [{ timestamp: '2026-11-20T07:00:05Z', bpm: 96 }],
      }],
      daily_summary: [{ external_id: 'd1', date: '2026-11-20', distance: 8000, steps: 10000, calories: 2000, heart_rate_summary: { resting: 54, average: 71, min: 48, max: 171 } }],
    }).expect(201);
  });
  afterAll(() => test.close());

  const get = (path: string, bearer = ann.bearer) => test.http.get(path).set(bearerAuth(bearer));

  it('1. workouts carry heart_rate_summary from v1.1 on only', async () => {
    const v1 = (await get(`/api/v1/profile/${ann.publicId}/workout/`).expect(200)).body;
    const v11 = (await get(`/api/v1.1/profile/${ann.publicId}/workout/`).expect(200)).body;
    expect(v1[0]).not.toHaveProperty('heart_rate_summary');
    expect(v11[0].heart_rate_summary).toEqual({ average: 148, min: 96, max: 176 });
    expect({ ...v11[0], heart_rate_summary: undefined }).toEqual({ ...v1[0], heart_rate_summary: undefined });
  });

  it('2. daily summaries carry heart_rate_summary from v1.1 on only', async () => {
    const v1 = (await get(`/api/v1/profile/${ann.publicId}/daily_summary/`).expect(200)).body;
    const v11 = (await get(`/api/v1.1/profile/${ann.publicId}/daily_summary/`).expect(200)).body;
    expect(v1[0]).not.toHaveProperty('heart_rate_summary');
    expect(v11[0].heart_rate_summary).toEqual({ resting: 54, average: 71, min: 48, max: 171 });
  });

  it('3. url fields of profiles and challenges, page links and activity file links keep the version asked for', async () => {
    for (const version of ['v1', 'v1.1']) {
      const profile = (await get(`/api/${version}/profile/${ann.publicId}/`).expect(200)).body;
      expect(profile.url).toBe(`${test.baseUrl}/api/${version}/profile/${ann.publicId}/`);
      const created = (await test.http.post(`/api/${version}/challenge/`).set(bearerAuth(admin)).send(stepsChallengeBody({ title: `In ${version}` })).expect(201)).body;
      expect(created.url).toBe(`${test.baseUrl}/api/${version}/challenge/${created.public_id}/`);
      const files = (await get(`/api/${version}/profile/${ann.publicId}/activity_file/`).expect(200)).body;
      expect(files[0].urls.tcx).toBe(`${test.baseUrl}/api/${version}/profile/${ann.publicId}/activity_file/${files[0].id}?format=tcx`);
    }
    await test.http.post(`/api/v1/profile/${ann.publicId}/data/`).set(bearerAuth(ann.bearer)).send({
      source: 'GARMIN', weight: [{ external_id: 'k1', timestamp: '2026-11-20T06:00:00Z', weight: 70 }, { external_id: 'k2', timestamp: '2026-11-21T06:00:00Z', weight: 70.2 }],
    }).expect(201);
    const page = await get(`/api/v1.1/profile/${ann.publicId}/weight/?page_size=1`).expect(200);
    expect(page.headers['api-results-next']).toMatch(new RegExp(`^${test.baseUrl}/api/v1\\.1/profile/${ann.publicId}/weight/\\?page_size=1&cursor=`));
  });

  it('4. the description pages: /api/docs describes v1, /api/v1.1/docs describes v1.1 (both also as JSON)', async () => {
    const v1 = (await test.http.get('/api/docs-json').expect(200)).body;
    const v11 = (await test.http.get('/api/v1.1/docs-json').expect(200)).body;
    expect([v1.info.version, v11.info.version]).toEqual(['1.0', '1.1']);
    expect(Object.keys(v1.paths)).toContain('/api/v1/profile/{public_id}');
    expect(Object.keys(v11.paths)).toContain('/api/v1.1/profile/{public_id}');
    expect(Object.keys(v11.paths).filter((path) => path.startsWith('/api/v1/'))).toEqual([]);
    expect(Object.keys(v11.paths).length).toBe(Object.keys(v1.paths).length);
    // The heart-rate fields are in the v1.1 schemas only.
    expect(v1.components.schemas.Workout.properties).not.toHaveProperty('heart_rate_summary');
    expect(v1.components.schemas.DailySummary.properties).not.toHaveProperty('heart_rate_summary');
    expect(v11.components.schemas.Workout.properties).toHaveProperty('heart_rate_summary');
    expect(v11.components.schemas.DailySummary.properties).toHaveProperty('heart_rate_summary');
    expect(Object.keys(v1.components.schemas)).not.toContain('WorkoutHeartRateSummary');
    expect(Object.keys(v11.components.schemas)).toContain('WorkoutHeartRateSummary');
    // The page is Swagger UI, and the committed documents are what the server serves.
    expect((await test.http.get('/api/v1.1/docs/').expect(200)).text).toContain('swagger-ui');
    expect(v11).toEqual(JSON.parse(readFileSync(join(__dirname, '../../../docs/openapi-v1.1.json'), 'utf8')));
    expect(JSON.parse(JSON.stringify(buildOpenApiDocument(test.app, 'v1.1')))).toEqual(v11);
  });

  it('5. everything else is the same API: the same operations answer under both prefixes, errors included', async () => {
    const types = (await get('/api/v1.1/activity_types/').expect(200)).body;
    expect(types).toEqual((await get('/api/v1/activity_types/').expect(200)).body);
    const problem = (await get(`/api/v1.1/profile/${ann.publicId}/workout/?page_size=0`).expect(400)).body;
    expect(problem.errors).toEqual([expect.objectContaining({ field: 'page_size' })]);
  });
});
