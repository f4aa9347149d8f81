import { FixedClock } from '@strive/domain/testing';
import { adminBearer, createClientApp, createProfile, CreatedTestProfile, databaseSnapshot, bearerAuth, startTestApp, stepsChallengeBody, TestApp } from './support/test-app';

/**
 * Hardening of the challenge and team operations (issue 10, items 1-3, 6 and 7): bounded work,
 * bounded numbers, no 500 from odd input, truthful answers to concurrent joins, privacy.
 * The clock is fixed at Wed 2026-03-04 10:00 UTC.
 */
describe('challenge and team hardening', () => {
  const clock = new FixedClock('2026-03-04T10:00:00Z');
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;

  const auth = bearerAuth;
  const body = stepsChallengeBody;
  const create = async (overrides: Record<string, unknown> = {}) =>
    (await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body(overrides)).expect(201)).body.public_id as string;
  const team = async (name: string) => (await test.http.post('/api/v1/team/').set(auth(admin)).send({ name }).expect(201)).body.public_id as string;
  const memberIds = async (id: string) =>
    (await test.http.get(`/api/v1/challenge/${id}/members/?limit=100`).set(auth(admin)).expect(200)).body.members.map(
      (m: { public_id: string }) => m.public_id,
    );
  /** A 400 problem whose errors name `field`, or whose detail mentions it (domain rules). */
  const expectBadField = (response: { status: number; headers: Record<string, string>; body: Record<string, unknown> }, field: string) => {
    expect([response.status, response.headers['content-type']]).toEqual([400, expect.stringMatching(/^application\/problem\+json/)]);
    const named = JSON.stringify(response.body.errors ?? []).includes(`"${field}`) || String(response.body.detail).includes(field);
    expect([field, named]).toEqual([field, true]);
  };

  beforeAll(async () => {
    test = await startTestApp({ clock });
    admin = await adminBearer(test, await createClientApp(test, 'Hardened'));
    ann = await createProfile(test, admin, { name: 'Ann', reference: 'crm-ann', gender: 'female' });
    bob = await createProfile(test, admin, { name: 'Bob', reference: 'crm-bob', gender: 'male' });
  });
  afterAll(() => test.close());

  describe('bounded work and numbers (items 1, 2)', () => {
    it('refuses a DAILY challenge from 2020 to 9999 at once, naming end, storing nothing', async () => {
      const before = await databaseSnapshot(test);
      const response = await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body({ start: '2020-01-01T00:00:00Z', end: '9999-12-31T00:00:00Z' }));
      expectBadField(response, 'end');
      expect(response.body.type).toBe('urn:strive:problem:challenge.invalid_definition');
      // Eleven years of TOTAL (one period) is refused by the span, not by the period count.
      expectBadField(await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body({ goal: 'TOTAL', start: '2020-01-01T00:00:00Z', end: '2031-01-02T00:00:00Z' })), 'end');
      expect(await databaseSnapshot(test)).toEqual(before);
      // Ten years of weekly periods (522) is fine.
      await create({ goal: 'WEEKLY', start: '2026-01-05T00:00:00Z', end: '2036-01-01T00:00:00Z' });
    });

    it.each([
      ['goal_value', { goal_value: 1e308 }],
      ['goal_value', { goal_value: 1_000_000_001 }],
      ['grace_days', { grace_days: 1e308 }],
      ['grace_days', { grace_days: 366 }],
    ])('refuses %s out of range: %j', async (field, overrides) => {
      expectBadField(await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body(overrides)), field);
    });

    it('refuses huge offsets, limits and period indexes on every challenge and team list', async () => {
      const id = await create();
      const lists = [
        '/api/v1/challenge/', `/api/v1/challenge/${id}/members/`, `/api/v1/challenge/${id}/leaderboard/`, `/api/v1/challenge/${id}/team/`,
        '/api/v1/team/',
      ];
      for (const path of lists) {
        for (const offset of ['99999999999999999999', '1e308', '10000001']) {
          expectBadField(await test.http.get(`${path}?offset=${offset}`).set(auth(admin)), 'offset');
        }
        expectBadField(await test.http.get(`${path}?limit=1e308`).set(auth(admin)), 'limit');
      }
      for (const path of [`/api/v1/challenge/${id}/leaderboard/`, `/api/v1/challenge/${id}/team/`, `/api/v1/challenge/${id}/team/${await team('T')}/`]) {
        expectBadField(await test.http.get(`${path}?date_range=99999999999999999999`).set(auth(admin)), 'date_range');
      }
      // The largest offset allowed answers an empty page.
      const far = await test.http.get(`/api/v1/challenge/${id}/members/?offset=10000000`).set(auth(admin)).expect(200);
      expect(far.body.members).toEqual([]);
    });
  });

  describe('no 500 from odd input (item 3)', () => {
    it('accepts upper-case uuids in member lists and bodies, as the same profile in lower case', async () => {
      const id = await create();
      const added = await test.http
        .post(`/api/v1/challenge/${id}/members/`)
        .set(auth(admin))
        .send({ profiles: [ann.publicId.toUpperCase(), ann.publicId, bob.publicId.toUpperCase()] })
        .expect(201);
      expect(added.body).toEqual({ profiles: [ann.publicId, bob.publicId], team: null });
      expect((await memberIds(id)).sort()).toEqual([ann.publicId, bob.publicId].sort());
      const other = await create();
      const joined = await test.http.post(`/api/v1/challenge/${other}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId.toUpperCase() }).expect(201);
      expect(joined.body).toEqual({ profile: ann.publicId, team: null });
      const removed = await test.http.post(`/api/v1/challenge/${id}/remove_members/`).set(auth(admin)).send({ profiles: [bob.publicId.toUpperCase()] }).expect(201);
      expect(removed.body).toEqual({ profiles: [bob.publicId] });
      const red = await team('Upper');
      const teamAdded = await test.http.post(`/api/v1/team/${red}/members/`).set(auth(admin)).send({ profiles: [bob.publicId.toUpperCase(), bob.publicId] }).expect(201);
      expect(teamAdded.body).toEqual({ profiles: [bob.publicId] });
    });

    it('refuses null for a field that cannot be null (PATCH and POST), and keeps null where it is allowed', async () => {
      const id = await create();
      const before = await databaseSnapshot(test);
      for (const field of ['title', 'start', 'end', 'type', 'goal', 'goal_type', 'visibility', 'timezone', 'grace_days', 'slogan', 'activity_types']) {
        expectBadField(await test.http.patch(`/api/v1/challenge/${id}/`).set(auth(admin)).send({ [field]: null }), field);
      }
      expectBadField(await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body({ visibility: null })), 'visibility');
      expectBadField(await test.http.patch(`/api/v1/team/${await team('Nullable')}/`).set(auth(admin)).send({ name: null }), 'name');
      expect((await databaseSnapshot(test)).challenge).toEqual(before.challenge);
      const cleared = await test.http.patch(`/api/v1/challenge/${id}/`).set(auth(admin)).send({ goal_value: null, avatar: null }).expect(200);
      expect([cleared.body.goal_value, cleared.body.avatar]).toEqual([null, null]);
    });

    it('refuses NUL characters and lone surrogates in titles, texts and team names', async () => {
      const before = await databaseSnapshot(test);
      for (const [field, value] of [['title', 'a\u0000b'], ['slogan', 'x\uD800'], ['description', '\uDC00y'], ['timezone', 'UTC\u0000']]) {
        expectBadField(await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body({ [field]: value })), field);
      }
      expectBadField(await test.http.post('/api/v1/team/').set(auth(admin)).send({ name: 'Red\u0000' }), 'name');
      expectBadField(await test.http.post('/api/v1/team/').set(auth(admin)).send({ name: 'Red\uD83D' }), 'name');
      expect(await databaseSnapshot(test)).toEqual(before);
      // A whole surrogate pair (an emoji) is fine.
      await test.http.post('/api/v1/team/').set(auth(admin)).send({ name: 'Red \uD83D\uDD25' }).expect(201);
    });
  });

  describe('concurrent joins (item 6)', () => {
    const fire = (n: number, send: () => PromiseLike<{ status: number }>) => Promise.all(Array.from({ length: n }, () => send()));
    const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

    it('50 identical challenge joins: one 201, 49 409, one member row', async () => {
      const id = await create();
      const answers = await fire(50, () => test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }));
      expect(tally(answers.map((a) => a.status))).toEqual({ 201: 1, 409: 49 });
      const [row] = await test.dataSource.query('SELECT count(*)::int AS n FROM challenge_member WHERE challenge_id = $1', [id]);
      expect(row.n).toBe(1);
      // PUT is idempotent: all 200, one member row.
      const other = await create();
      const puts = await fire(50, () => test.http.put(`/api/v1/challenge/${other}/member/`).set(auth(bob.bearer)).send({ profile: bob.publicId }));
      expect(tally(puts.map((a) => a.status))).toEqual({ 200: 50 });
      const [putRow] = await test.dataSource.query('SELECT count(*)::int AS n FROM challenge_member WHERE challenge_id = $1', [other]);
      expect(putRow.n).toBe(1);
    });

    it('50 identical team joins: one 201, 49 409, one membership row', async () => {
      const id = await team('Racers');
      const answers = await fire(50, () => test.http.post(`/api/v1/team/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }));
      expect(tally(answers.map((a) => a.status))).toEqual({ 201: 1, 409: 49 });
      const [row] = await test.dataSource.query('SELECT count(*)::int AS n FROM team_member WHERE team_id = $1', [id]);
      expect(row.n).toBe(1);
      // PUT is idempotent: all 200, one membership row.
      const other = await team('Walkers');
      const puts = await fire(50, () => test.http.put(`/api/v1/team/${other}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }));
      expect(tally(puts.map((a) => a.status))).toEqual({ 200: 50 });
      const [putRow] = await test.dataSource.query('SELECT count(*)::int AS n FROM team_member WHERE team_id = $1', [other]);
      expect(putRow.n).toBe(1);
    });
  });

  describe('privacy and hygiene (item 7)', () => {
    it("shows another profile's reference as empty and its gender as null to a profile bearer; its own and the administrator's view are whole", async () => {
      const id = await create();
      const red = await team('Private parts');
      await test.http.post(`/api/v1/challenge/${id}/members/`).set(auth(admin)).send({ profiles: [ann.publicId, bob.publicId] }).expect(201);
      await test.http.post(`/api/v1/team/${red}/members/`).set(auth(admin)).send({ profiles: [ann.publicId, bob.publicId] }).expect(201);
      type Person = { public_id: string; reference: string; gender: string | null };
      const fields = (people: Person[]) =>
        Object.fromEntries(people.map((p) => [p.public_id === ann.publicId ? 'ann' : 'bob', [p.reference, p.gender]]));
      const views = async (bearer: string) => ({
        members: fields((await test.http.get(`/api/v1/challenge/${id}/members/`).set(auth(bearer)).expect(200)).body.members),
        read: fields((await test.http.get(`/api/v1/challenge/${id}/`).set(auth(bearer)).expect(200)).body.members),
        leaderboard: fields((await test.http.get(`/api/v1/challenge/${id}/leaderboard/`).set(auth(bearer)).expect(200)).body.results.map((e: { profile: Person }) => e.profile)),
        team: fields((await test.http.get(`/api/v1/team/${red}/`).set(auth(bearer)).expect(200)).body.members),
      });
      const whole = { ann: ['crm-ann', 'female'], bob: ['crm-bob', 'male'] };
      const asAnn = { ann: ['crm-ann', 'female'], bob: ['', null] };
      expect(await views(ann.bearer)).toEqual({ members: asAnn, read: asAnn, leaderboard: asAnn, team: asAnn });
      expect(await views(admin)).toEqual({ members: whole, read: whole, leaderboard: whole, team: whole });
    });

    it('accepts only https avatars', async () => {
      // The development switch must be off whatever the shell running the tests says.
      const allowHttp = process.env.ALLOW_HTTP_URLS;
      delete process.env.ALLOW_HTTP_URLS;
      try {
        for (const avatar of ['javascript:alert(1)', 'file:///etc/passwd', 'http://cdn.example.com/a.png', 'data:image/png;base64,AAAA', '/relative.png']) {
          expectBadField(await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body({ avatar })), 'avatar');
        }
        const id = await create({ avatar: 'https://cdn.example.com/a.png' });
        expectBadField(await test.http.patch(`/api/v1/challenge/${id}/`).set(auth(admin)).send({ avatar: 'javascript:alert(1)' }), 'avatar');
      } finally {
        if (allowHttp !== undefined) process.env.ALLOW_HTTP_URLS = allowHttp;
      }
    });

    it('answers 404 team.not_found for an unknown or foreign team in a member body, storing nothing', async () => {
      const id = await create({ type: 'TEAM' });
      const own = await team('Own');
      await test.http.post(`/api/v1/team/${own}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(201);
      const otherAdmin = await adminBearer(test, await createClientApp(test, 'Elsewhere'));
      const foreign = (await test.http.post('/api/v1/team/').set(auth(otherAdmin)).send({ name: 'Foreign' }).expect(201)).body.public_id;
      for (const teamId of ['00000000-0000-4000-8000-000000000000', foreign]) {
        const one = await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId, team: teamId }).expect(404);
        expect(one.body.type).toBe('urn:strive:problem:team.not_found');
        const many = await test.http.post(`/api/v1/challenge/${id}/members/`).set(auth(admin)).send({ profiles: [ann.publicId], team: teamId }).expect(404);
        expect(many.body.type).toBe('urn:strive:problem:team.not_found');
      }
      expect(await memberIds(id)).toEqual([]);
    });

    it('remove_members: an unknown profile is 404 and nothing is removed; non-members are reported apart', async () => {
      const id = await create();
      const carl = await createProfile(test, admin, { name: 'Carl' });
      await test.http.post(`/api/v1/challenge/${id}/members/`).set(auth(admin)).send({ profiles: [ann.publicId, bob.publicId] }).expect(201);
      const ghost = '00000000-0000-4000-8000-000000000000';
      const refused = await test.http.post(`/api/v1/challenge/${id}/remove_members/`).set(auth(admin)).send({ profiles: [ann.publicId, ghost] }).expect(404);
      expect(refused.body.detail).toContain(ghost);
      expect((await memberIds(id)).sort()).toEqual([ann.publicId, bob.publicId].sort());
      const removed = await test.http.post(`/api/v1/challenge/${id}/remove_members/`).set(auth(admin)).send({ profiles: [ann.publicId, carl.publicId] }).expect(201);
      expect(removed.body).toEqual({ profiles: [ann.publicId], not_members: [carl.publicId] });
      expect(await memberIds(id)).toEqual([bob.publicId]);

      const blue = await team('Blue');
      await test.http.post(`/api/v1/team/${blue}/members/`).set(auth(admin)).send({ profiles: [bob.publicId] }).expect(201);
      await test.http.post(`/api/v1/team/${blue}/remove_members/`).set(auth(admin)).send({ profiles: [bob.publicId, ghost] }).expect(404);
      const teamRemoved = await test.http.post(`/api/v1/team/${blue}/remove_members/`).set(auth(admin)).send({ profiles: [bob.publicId, carl.publicId] }).expect(201);
      expect(teamRemoved.body).toEqual({ profiles: [bob.publicId], not_members: [carl.publicId] });
    });
  });
});
