import { ConfigError, loadConfig } from '../src/config/app-config';
import { isTrustedHost } from '../src/http/shared/api-url';
import { adminBearer, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, startTestApp, TestApp } from './support/test-app';

/** Issue 10 at the HTTP edge: which hosts build links, cursors bound to their list, bounded numbers. */
describe('edge hardening', () => {
  describe('links with PUBLIC_BASE_URL unset', () => {
    let test: TestApp;
    let admin: string;
    let profile: CreatedTestProfile;

    beforeAll(async () => {
      test = await startTestApp({ env: { TRUSTED_HOSTS: 'localhost,127.0.0.1,.example.com' } });
      admin = await adminBearer(test, await createClientApp(test));
      profile = await createProfile(test, admin, { name: 'Ann' });
    });
    afterAll(() => test.close());

    const read = (host: string) => test.http.get(`/api/v1/profile/${profile.publicId}/`).set('Authorization', `Bearer ${profile.bearer}`).set('Host', host);

    it('never puts a forged Host header in a url: an untrusted host gets http://localhost:<PORT>', async () => {
      for (const host of ['evil.example', 'example.com.evil.test', 'localhost@evil.test', 'api.example.com/evil', 'evil.test:443']) {
        const response = await read(host).expect(200);
        // PORT is unset in the tests: the default 3000.
        expect([host, response.body.url]).toEqual([host, `http://localhost:3000/api/v1/profile/${profile.publicId}/`]);
      }
      const list = await test.http.get('/api/v1/profile/?limit=1').set('Authorization', `Bearer ${admin}`).set('Host', 'evil.example').expect(200);
      expect(list.body.results[0].url.startsWith('http://localhost:3000/api/v1/profile/')).toBe(true);
    });

    it('builds urls from a trusted Host: a listed name, a subdomain of a ".domain" entry, with its port', async () => {
      expect((await read('api.example.com').expect(200)).body.url).toBe(`http://api.example.com/api/v1/profile/${profile.publicId}/`);
      expect((await read('example.com:8080').expect(200)).body.url).toBe(`http://example.com:8080/api/v1/profile/${profile.publicId}/`);
      expect((await read('LOCALHOST:3001').expect(200)).body.url).toBe(`http://LOCALHOST:3001/api/v1/profile/${profile.publicId}/`);
    });

    it('matches Host headers exactly', () => {
      const trusted = ['localhost', '::1', '.example.com'];
      expect(isTrustedHost('localhost:3000', trusted)).toBe(true);
      expect(isTrustedHost('[::1]:3000', trusted)).toBe(true);
      expect(isTrustedHost('a.b.example.com', trusted)).toBe(true);
      expect(isTrustedHost('badexample.com', trusted)).toBe(false);
      expect(isTrustedHost('localhost.evil.test', trusted)).toBe(false);
      expect(isTrustedHost('localhost:3000:1', trusted)).toBe(false);
      expect(isTrustedHost(undefined, trusted)).toBe(false);
      expect(isTrustedHost('anything.test', ['*'])).toBe(true);
    });

    it('reads TRUSTED_HOSTS (default: loopback names only) and refuses a scheme or a port in it', () => {
      expect(loadConfig({}).trustedHosts).toEqual(['localhost', '127.0.0.1', '::1']);
      expect(loadConfig({ TRUSTED_HOSTS: ' API.example.com, .example.org ' }).trustedHosts).toEqual(['api.example.com', '.example.org']);
      for (const bad of ['https://api.example.com', 'api.example.com:443', 'api example.com', 'a/b']) {
        expect(() => loadConfig({ TRUSTED_HOSTS: bad })).toThrow(ConfigError);
      }
    });
  });

  describe('cursors and bounded numbers of the data platform', () => {
    let test: TestApp;
    let admin: string;
    let profile: CreatedTestProfile;
    const as = (call: ReturnType<TestApp['http']['get']>) => call.set('Authorization', `Bearer ${admin}`);
    const cursorOf = (link: string) => new URL(link).searchParams.get('cursor') as string;

    beforeAll(async () => {
      test = await startTestApp();
      admin = await adminBearer(test, await createClientApp(test));
      profile = await createProfile(test, admin, { name: 'Ann' });
      const at = (n: number) => `2026-11-0${n}T07:00:00Z`;
      await as(test.http.post(`/api/v1/profile/${profile.publicId}/data/`)).send({
        source: 'GARMIN',
        weight: [1, 2, 3].map((n) => ({ external_id: `w${n}`, timestamp: at(n), weight: 70 + n })),
        height: [1, 2, 3].map((n) => ({ external_id: `h${n}`, timestamp: at(n), height: 1.7 })),
        workout: [1, 2, 3].map((n) => ({ external_id: `r${n}`, timestamp: at(n), duration: '00:30:00', type: 'RUNNING', distance: 5000 })),
      }).expect(201);
    });
    afterAll(() => test.close());

    it('serves the next page with its own cursor, and refuses it on any other list', async () => {
      const first = await as(test.http.get(`/api/v1/profile/${profile.publicId}/weight/?page_size=1`)).expect(200);
      const next = first.headers['api-results-next'];
      const second = await as(test.http.get(new URL(next).pathname + new URL(next).search)).expect(200);
      expect(second.body.map((w: { weight: number }) => w.weight)).toEqual([72]);

      const weightCursor = cursorOf(next);
      for (const list of ['height', 'workout', 'event', 'workout?deduplicate=true']) {
        const separator = list.includes('?') ? '&' : '?';
        const response = await as(test.http.get(`/api/v1/profile/${profile.publicId}/${list}${separator}cursor=${weightCursor}`));
        expect([list, response.status, response.body.errors?.[0]?.field]).toEqual([list, 400, 'cursor']);
      }
      // A deduplicated view's cursor is not one of the plain list, and the other way round.
      const deduplicated = await as(test.http.get(`/api/v1/profile/${profile.publicId}/workout/?deduplicate=true&page_size=1`)).expect(200);
      const plainWorkout = await as(test.http.get(`/api/v1/profile/${profile.publicId}/workout/?page_size=1`)).expect(200);
      await as(test.http.get(`/api/v1/profile/${profile.publicId}/workout/?cursor=${cursorOf(deduplicated.headers['api-results-next'])}`)).expect(400);
      await as(test.http.get(`/api/v1/profile/${profile.publicId}/workout/?deduplicate=true&cursor=${cursorOf(plainWorkout.headers['api-results-next'])}`)).expect(400);
    });

    it('awards events up to a million points; totals stay exact and later writes keep working', async () => {
      const event = (points: number) => as(test.http.post(`/api/v1/profile/${profile.publicId}/event/`)).send({ name: 'bonus', points });
      await event(1_000_000).expect(201);
      await event(1_000_000).expect(201);
      await event(0.01).expect(201);
      const before = await databaseSnapshot(test);
      await event(1e308).expect(400);
      expect(await databaseSnapshot(test)).toEqual(before);
      await as(test.http.post(`/api/v1/profile/${profile.publicId}/data/`))
        .send({ source: 'GARMIN', weight: [{ external_id: 'w9', timestamp: '2026-11-09T07:00:00Z', weight: 80 }] })
        .expect(201);
      await test.runScoring();
      const read = await test.http.get(`/api/v1/profile/${profile.publicId}/`).set('Authorization', `Bearer ${profile.bearer}`).expect(200);
      // Events: 1,000,000 + 1,000,000 + 0.01; the three 30-minute runs earn 3 points each by the
      // default definition (0.1 per minute): 9 more.
      expect(read.body.total_points).toBe(2_000_009.01);
    });

    it('publishes every bound in the OpenAPI document', async () => {
      const document = (await test.http.get('/api/docs-json').expect(200)).body;
      const schemas = document.components.schemas;
      expect(schemas.EventBody.properties.points.maximum).toBe(1_000_000);
      expect(schemas.DailyPointsRuleBody.properties.per_1000_steps.maximum).toBe(10_000);
      expect(schemas.ActivityPointsRateBody.properties.min_duration_seconds.maximum).toBe(604_800);
      expect(schemas.WorkoutUpload.properties.distance.maximum).toBe(5_000_000);
      expect(schemas.DailySummaryUpload.properties.steps.maximum).toBe(1_000_000);
      const offset = document.paths['/api/v1/profile'].get.parameters.find((p: { name: string }) => p.name === 'offset');
      expect(offset.schema.maximum).toBe(10_000_000);
    });
  });
});
