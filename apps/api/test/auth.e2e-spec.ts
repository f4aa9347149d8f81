import { FixedClock } from '@strive/domain/testing';
import { ConfigError, loadConfig } from '../src/config/app-config';
import { adminBearer, basic, createClientApp, createProfile, CreatedTestProfile, startTestApp, TestApp } from './support/test-app';

describe('authentication', () => {
  const clock = new FixedClock('2026-05-01T08:00:00Z');
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp({ clock });
  });
  afterAll(() => test.close());

  describe('POST /api/v1/token/', () => {
    it('returns a 24-hour administrator bearer for valid client credentials', async () => {
      const credentials = await createClientApp(test);
      const response = await test.http.post('/api/v1/token/').set('Authorization', basic(credentials)).expect(200);
      expect(response.body).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), // 32 random bytes, base64url
        token_type: 'bearer',
        expires_in: 86400,
        expires_at: '2026-05-02T08:00:00.000Z',
      });
    });

    it('ignores a form-encoded OAuth body', async () => {
      const credentials = await createClientApp(test);
      await test.http
        .post('/api/v1/token/')
        .set('Authorization', basic(credentials))
        .type('form')
        .send('grant_type=client_credentials')
        .expect(200);
    });

    it.each([
      ['no Authorization header', undefined],
      ['a wrong secret', 'wrong-secret'],
      ['a bearer instead of Basic', 'bearer'],
    ])('answers 401 problem details for %s', async (_case, variant) => {
      const credentials = await createClientApp(test);
      let call = test.http.post('/api/v1/token/');
      if (variant === 'wrong-secret') call = call.set('Authorization', basic({ ...credentials, clientSecret: 'nope' }));
      if (variant === 'bearer') call = call.set('Authorization', 'Bearer something');
      const response = await call.expect(401);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ status: 401, title: 'Unauthorized', instance: '/api/v1/token/' });
    });

    it('refuses an unknown client id', async () => {
      await test.http.post('/api/v1/token/').set('Authorization', basic({ clientId: 'ghost', clientSecret: 'x' })).expect(401);
    });
  });

  describe('bearers', () => {
    it('accepts the scheme word in any case', async () => {
      const admin = await adminBearer(test, await createClientApp(test));
      for (const scheme of ['bearer', 'Bearer', 'BEARER']) {
        await test.http.get('/api/v1/profile/').set('Authorization', `${scheme} ${admin}`).expect(200);
      }
    });

    it('expires an administrator bearer after 24 hours (401), while a profile bearer lives on', async () => {
      const admin = await adminBearer(test, await createClientApp(test));
      const profile = await createProfile(test, admin);
      clock.advance(24 * 3600 * 1000 - 1000);
      await test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${admin}`).expect(200);
      clock.advance(1000);
      const expired = await test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${admin}`).expect(401);
      expect(expired.body.type).toBe('urn:strive:problem:identity.invalid_token');
      clock.advance(365 * 24 * 3600 * 1000);
      await test.http.get(`/api/v1/profile/${profile.publicId}/`).set('Authorization', `Bearer ${profile.bearer}`).expect(200);
    });

    it('stops accepting a profile bearer once the profile is deleted', async () => {
      const admin = await adminBearer(test, await createClientApp(test));
      const profile = await createProfile(test, admin);
      await test.http.delete(`/api/v1/profile/${profile.publicId}/`).set('Authorization', `Bearer ${admin}`).expect(204);
      await test.http.get(`/api/v1/profile/${profile.publicId}/`).set('Authorization', `Bearer ${profile.bearer}`).expect(401);
    });

    describe('bearer cache (BEARER_CACHE_TTL_SECONDS, default 10 s)', () => {
      it('reads its TTL from BEARER_CACHE_TTL_SECONDS (0 disables) and refuses a bad value', () => {
        expect(loadConfig({}).bearerCacheTtlMs).toBe(10_000);
        expect(loadConfig({ BEARER_CACHE_TTL_SECONDS: '0' }).bearerCacheTtlMs).toBe(0);
        expect(loadConfig({ BEARER_CACHE_TTL_SECONDS: '2.5' }).bearerCacheTtlMs).toBe(2500);
        for (const bad of ['-1', 'soon', '301']) {
          expect(() => loadConfig({ BEARER_CACHE_TTL_SECONDS: bad })).toThrow(ConfigError);
        }
      });

      it('still refuses an administrator bearer at its expiry when it was just used (cached)', async () => {
        const admin = await adminBearer(test, await createClientApp(test));
        clock.advance(24 * 3600 * 1000 - 1);
        await test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${admin}`).expect(200);
        clock.advance(1);
        const expired = await test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${admin}`).expect(401);
        expect(expired.body.type).toBe('urn:strive:problem:identity.invalid_token');
      });

      it("refuses a deleted profile's bearer at once although it was just used (cached), whoever deleted it", async () => {
        const admin = await adminBearer(test, await createClientApp(test));
        const [byAdmin, itself] = [await createProfile(test, admin), await createProfile(test, admin)];
        for (const profile of [byAdmin, itself]) {
          await test.http.get(`/api/v1/profile/${profile.publicId}/`).set('Authorization', `Bearer ${profile.bearer}`).expect(200);
        }
        await test.http.delete(`/api/v1/profile/${byAdmin.publicId}/`).set('Authorization', `Bearer ${admin}`).expect(204);
        await test.http.delete(`/api/v1/profile/${itself.publicId}/`).set('Authorization', `Bearer ${itself.bearer}`).expect(204);
        for (const profile of [byAdmin, itself]) {
          const refused = await test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${profile.bearer}`).expect(401);
          expect(refused.body.type).toBe('urn:strive:problem:identity.invalid_token');
        }
      });

      it("keeps a bearer past the TTL while revocations are heard, and refuses it once another process's revocation is heard", async () => {
        const admin = await adminBearer(test, await createClientApp(test));
        const [kept, deleted] = [await createProfile(test, admin), await createProfile(test, admin)];
        const get = (profile: CreatedTestProfile) =>
          test.http.get(`/api/v1/profile/${profile.publicId}/`).set('Authorization', `Bearer ${profile.bearer}`);
        await get(kept).expect(200);
        await get(deleted).expect(200);
        // Replaced behind the feed's back (its trigger off): the kept bearer is served from memory, long past the TTL.
        await test.dataSource.query('ALTER TABLE profile DISABLE TRIGGER bearer_replaced_notify');
        await test.dataSource.query(`UPDATE profile SET bearer_digest = 'unheard' WHERE id = $1`, [kept.publicId]);
        await test.dataSource.query('ALTER TABLE profile ENABLE TRIGGER bearer_replaced_notify');
        clock.advance(60_000);
        await get(kept).expect(200);
        // Another replica deletes a profile: its bearer is refused as soon as the notification arrives, no TTL to wait for.
        await test.dataSource.query('DELETE FROM profile WHERE id = $1', [deleted.publicId]);
        let status = 0;
        for (let waited = 0; waited < 5_000 && status !== 401; waited += 20) {
          status = (await get(deleted)).status;
          if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(status).toBe(401);
      });
    });

    it('challenges every 401 with WWW-Authenticate: Bearer, and POST /token/ with Basic', async () => {
      const credentials = await createClientApp(test);
      const admin = await adminBearer(test, credentials);
      const bearerRefusals = [
        await test.http.get('/api/v1/profile/').expect(401),
        await test.http.get('/api/v1/profile/').set('Authorization', 'Bearer not-a-known-token').expect(401),
        await test.http.get('/api/v1/profile/').set('Authorization', basic(credentials)).expect(401),
        await test.http.post('/api/v1/profile/').send({ name: 'Ann' }).expect(401),
      ];
      for (const refused of bearerRefusals) {
        expect(refused.headers['www-authenticate']).toBe('Bearer realm="strive"');
        expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
      const tokenRefusals = [
        await test.http.post('/api/v1/token/').expect(401),
        await test.http.post('/api/v1/token/').set('Authorization', basic({ ...credentials, clientSecret: 'nope' })).expect(401),
        await test.http.post('/api/v1/token/').set('Authorization', `Bearer ${admin}`).expect(401),
      ];
      for (const refused of tokenRefusals) expect(refused.headers['www-authenticate']).toBe('Basic realm="strive", charset="UTF-8"');
      // Accepted and forbidden (403) answers carry no challenge.
      expect((await test.http.get('/api/v1/profile/').set('Authorization', `Bearer ${admin}`).expect(200)).headers).not.toHaveProperty('www-authenticate');
      const profile = await createProfile(test, admin);
      const forbidden = await test.http.post('/api/v1/profile/').set('Authorization', `Bearer ${profile.bearer}`).send({ name: 'Bob' }).expect(403);
      expect(forbidden.headers).not.toHaveProperty('www-authenticate');
    });

    it('stores secrets and bearers only as digests', async () => {
      const credentials = await createClientApp(test);
      const admin = await adminBearer(test, credentials);
      const profile = await createProfile(test, admin);
      const dump = JSON.stringify([
        await test.dataSource.query('SELECT * FROM app'),
        await test.dataSource.query('SELECT * FROM admin_token'),
        await test.dataSource.query('SELECT * FROM profile'),
      ]);
      expect(dump).toContain(credentials.clientId);
      for (const secret of [credentials.clientSecret, admin, profile.bearer]) expect(dump).not.toContain(secret);
    });
  });
});
