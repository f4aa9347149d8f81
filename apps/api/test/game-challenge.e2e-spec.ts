import { FixedClock } from '@strive/domain/testing';
import { adminBearer, createClientApp, createProfile, CreatedTestProfile, bearerAuth, startTestApp, stepsChallengeBody, TestApp } from './support/test-app';

/**
 * Challenge CRUD and membership over HTTP (issue 5, items 1-2). The clock is fixed at
 * Wed 2026-03-04 10:00 UTC; the default challenge runs Mon 2026-03-02 .. Mon 2026-03-16 UTC.
 */
describe('challenges and membership', () => {
  const clock = new FixedClock('2026-03-04T10:00:00Z');
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;

  const auth = bearerAuth;
  const body = stepsChallengeBody;
  const create = async (overrides: Record<string, unknown> = {}) =>
    (await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body(overrides)).expect(201)).body;
  const memberIds = async (id: string, bearer = admin) =>
    (await test.http.get(`/api/v1/challenge/${id}/members/?limit=100`).set(auth(bearer)).expect(200)).body.members.map(
      (m: { public_id: string }) => m.public_id,
    );

  beforeAll(async () => {
    test = await startTestApp({ clock });
    admin = await adminBearer(test, await createClientApp(test, 'Gym'));
    ann = await createProfile(test, admin, { name: 'Ann' });
    bob = await createProfile(test, admin, { name: 'Bob' });
  });
  afterAll(() => test.close());

  describe('CRUD', () => {
    it('creates a challenge with every field, defaults filled in, aliases resolved', async () => {
      const created = await create({
        title: ' Burn ', slogan: 'Hot', description: 'Burn kcal', avatar: 'https://cdn.example.com/a.png', type: 'GLOBAL',
        goal_type: 'KCAL', timezone: 'Europe/Berlin', grace_days: 3, activity_type: 'RUNNING', data_source: 'workout',
      });
      expect(created).toEqual({
        url: `${test.baseUrl}/api/v1/challenge/${created.public_id}/`,
        public_id: expect.any(String),
        title: 'Burn', slogan: 'Hot', description: 'Burn kcal', avatar: 'https://cdn.example.com/a.png',
        start: '2026-03-02T00:00:00.000Z', end: '2026-03-16T00:00:00.000Z', timezone: 'Europe/Berlin',
        type: 'GROUP', goal: 'DAILY', goal_value: 10000, goal_type: 'CALORIES', visibility: 'PUBLIC', num_members: 0,
        calculation_method: 'SUM', goal_progress: 0, enrollment_method: 'MANUAL', repetition: 'NONE',
        data_source: 'workout', activity_types: ['RUNNING'], grace_days: 3, status: 'running', members: [],
        total_calories: 0, total_distance: 0, total_steps: 0, total_points: 0, total_activity_duration: 'PT0S',
      });
      const read = await test.http.get(`/api/v1/challenge/${created.public_id}/`).set(auth(ann.bearer)).expect(200);
      expect(read.body).toEqual(created);
    });

    it('accepts TIME for DURATION and a leaderboard challenge without goal (goal_progress null)', async () => {
      const created = await create({ goal_type: 'TIME', goal_value: null, goal: 'TOTAL' });
      expect(created).toMatchObject({ goal_type: 'DURATION', goal_value: null, goal_progress: null });
    });

    it('replaces with PUT (a read sent back works), changes with PATCH, deletes', async () => {
      const created = await create();
      const put = await test.http
        .put(`/api/v1/challenge/${created.public_id}/`)
        .set(auth(admin))
        .send({ ...created, title: 'Walk', visibility: 'PRIVATE' })
        .expect(200);
      expect(put.body).toEqual({ ...created, title: 'Walk', visibility: 'PRIVATE' });
      const patch = await test.http.patch(`/api/v1/challenge/${created.public_id}/`).set(auth(admin)).send({ goal_value: 8000 }).expect(200);
      expect(patch.body).toEqual({ ...created, title: 'Walk', visibility: 'PRIVATE', goal_value: 8000 });
      await test.http.delete(`/api/v1/challenge/${created.public_id}/`).set(auth(admin)).expect(204);
      await test.http.get(`/api/v1/challenge/${created.public_id}/`).set(auth(admin)).expect(404);
    });

    it('refuses invalid definitions with 400', async () => {
      for (const bad of [
        { end: '2026-03-01T00:00:00Z' },
        { timezone: 'Mars/Olympus' },
        { goal_value: 0 },
        { type: 'SOLO' },
        { unknown_field: 1 },
        { start: 'yesterday' },
      ]) {
        const response = await test.http.post('/api/v1/challenge/').set(auth(admin)).send(body(bad));
        expect([bad, response.status]).toEqual([bad, 400]);
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    });

    it('lets only an administrator create, change and delete', async () => {
      const created = await create();
      await test.http.post('/api/v1/challenge/').set(auth(ann.bearer)).send(body()).expect(403);
      await test.http.patch(`/api/v1/challenge/${created.public_id}/`).set(auth(ann.bearer)).send({ title: 'x' }).expect(403);
      await test.http.delete(`/api/v1/challenge/${created.public_id}/`).set(auth(ann.bearer)).expect(403);
      const other = await adminBearer(test, await createClientApp(test, 'Other'));
      await test.http.get(`/api/v1/challenge/${created.public_id}/`).set(auth(other)).expect(404);
      await test.http.delete(`/api/v1/challenge/${created.public_id}/`).set(auth(other)).expect(404);
    });

    it('lists with limit, offset and recent (challenges not ended in the last N weeks)', async () => {
      const app = await adminBearer(test, await createClientApp(test, 'Lists'));
      const make = (title: string, start: string, end: string) =>
        test.http.post('/api/v1/challenge/').set(auth(app)).send(body({ title, start, end })).expect(201);
      await make('old', '2026-01-01T00:00:00Z', '2026-01-10T00:00:00Z'); // ended 7.7 weeks before now
      await make('recent', '2026-02-01T00:00:00Z', '2026-02-20T00:00:00Z'); // ended 1.9 weeks before now
      await make('running', '2026-03-01T00:00:00Z', '2026-03-20T00:00:00Z');
      const all = await test.http.get('/api/v1/challenge/?limit=2').set(auth(app)).expect(200);
      expect(all.body.count).toBe(3);
      expect(all.body.results.map((c: { title: string }) => c.title)).toEqual(['old', 'recent']);
      expect(all.body.next).toBe(`${test.baseUrl}/api/v1/challenge/?limit=2&offset=2`);
      const recent = await test.http.get('/api/v1/challenge/?recent=4').set(auth(app)).expect(200);
      expect(recent.body.results.map((c: { title: string }) => c.title)).toEqual(['recent', 'running']);
      await test.http.get('/api/v1/challenge/?recent=-1').set(auth(app)).expect(400);
      await test.http.get('/api/v1/challenge/?weeks=2').set(auth(app)).expect(400);
    });
  });

  describe('membership', () => {
    it('joins, refuses a second join (409), shows members, leaves', async () => {
      const { public_id: id } = await create();
      const joined = await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(201);
      expect(joined.body).toEqual({ profile: ann.publicId, team: null });
      const again = await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(409);
      expect(again.body).toMatchObject({ status: 409, type: 'urn:strive:problem:membership.already_member' });
      // PUT is idempotent (issue 10): the same membership again answers 200 as stored.
      const put = await test.http.put(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(200);
      expect(put.body).toEqual({ profile: ann.publicId, team: null });
      expect(await memberIds(id, ann.bearer)).toEqual([ann.publicId]);
      const read = await test.http.get(`/api/v1/challenge/${id}/`).set(auth(bob.bearer)).expect(200);
      expect(read.body.num_members).toBe(1);
      expect(read.body.members).toEqual([
        { url: `${test.baseUrl}/api/v1/profile/${ann.publicId}/`, public_id: ann.publicId, name: 'Ann', gender: null, team: null, reference: '', is_active: true },
      ]);
      // Another profile cannot make Ann leave; Ann can.
      await test.http.delete(`/api/v1/challenge/${id}/member/?profile=${ann.publicId}`).set(auth(bob.bearer)).expect(403);
      await test.http.delete(`/api/v1/challenge/${id}/member/?profile=${ann.publicId}`).set(auth(ann.bearer)).expect(204);
      await test.http.delete(`/api/v1/challenge/${id}/member/?profile=${ann.publicId}`).set(auth(ann.bearer)).expect(404);
      expect(await memberIds(id)).toEqual([]);
    });

    it('adds and removes many members (administrator), pages through members/', async () => {
      const { public_id: id } = await create();
      const carl = await createProfile(test, admin, { name: 'Carl' });
      const added = await test.http
        .post(`/api/v1/challenge/${id}/members/`)
        .set(auth(admin))
        .send({ profiles: [ann.publicId, bob.publicId, carl.publicId, ann.publicId] })
        .expect(201);
      expect(added.body).toEqual({ profiles: [ann.publicId, bob.publicId, carl.publicId], team: null });
      await test.http.put(`/api/v1/challenge/${id}/members/`).set(auth(admin)).send({ profiles: [ann.publicId] }).expect(200);
      await test.http.post(`/api/v1/challenge/${id}/members/`).set(auth(ann.bearer)).send({ profiles: [ann.publicId] }).expect(403);
      const page = await test.http.get(`/api/v1/challenge/${id}/members/?limit=2`).set(auth(admin)).expect(200);
      expect(page.body.num_members).toBe(3);
      expect(page.body.members).toHaveLength(2);
      expect(page.body.members_next).toBe(`${test.baseUrl}/api/v1/challenge/${id}/members/?limit=2&offset=2`);
      const removed = await test.http.post(`/api/v1/challenge/${id}/remove_members/`).set(auth(admin)).send({ profiles: [bob.publicId, carl.publicId] }).expect(201);
      expect(removed.body).toEqual({ profiles: [bob.publicId, carl.publicId] });
      expect(await memberIds(id)).toEqual([ann.publicId]);
      // Unknown profile in a bulk add: 404, nothing stored.
      await test.http.post(`/api/v1/challenge/${id}/members/`).set(auth(admin)).send({ profiles: [bob.publicId, '00000000-0000-4000-8000-000000000000'] }).expect(404);
      expect(await memberIds(id)).toEqual([ann.publicId]);
    });

    it('PRIVATE: invisible to profiles that are not members; pre-enrolment by the administrator', async () => {
      const { public_id: id } = await create({ visibility: 'PRIVATE' });
      await test.http.get(`/api/v1/challenge/${id}/`).set(auth(ann.bearer)).expect(404);
      await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(404);
      const list = await test.http.get('/api/v1/challenge/?limit=100').set(auth(ann.bearer)).expect(200);
      expect(list.body.results.map((c: { public_id: string }) => c.public_id)).not.toContain(id);
      await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(admin)).send({ profile: ann.publicId }).expect(201);
      await test.http.get(`/api/v1/challenge/${id}/`).set(auth(ann.bearer)).expect(200);
      await test.http.get(`/api/v1/challenge/${id}/`).set(auth(bob.bearer)).expect(404);
    });

    it('refuses every move on an ended challenge with 409', async () => {
      const { public_id: id } = await create({ start: '2026-02-01T00:00:00Z', end: '2026-03-01T00:00:00Z' });
      const response = await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(409);
      expect(response.body.type).toBe('urn:strive:problem:membership.challenge_ended');
    });

    it('deactivates and reactivates with is_active (query or body), POST and PUT', async () => {
      const { public_id: id } = await create();
      await test.http.post(`/api/v1/challenge/${id}/members/`).set(auth(admin)).send({ profiles: [ann.publicId, bob.publicId] }).expect(201);
      const off = await test.http.post(`/api/v1/challenge/${id}/deactivate_member/?profile=${ann.publicId}&is_active=false`).set(auth(admin)).send({}).expect(201);
      expect(off.body).toEqual({ profile: ann.publicId, team: null, is_active: false });
      // [Ann, Bob]'s is_active, whatever the listing order (both were added in one call).
      const states = async () => {
        const members: { public_id: string; is_active: boolean }[] = (await test.http.get(`/api/v1/challenge/${id}/members/`).set(auth(admin))).body.members;
        return [ann, bob].map((p) => members.find((m) => m.public_id === p.publicId)?.is_active);
      };
      expect(await states()).toEqual([false, true]);
      await test.http.put(`/api/v1/challenge/${id}/deactivate_member/`).set(auth(ann.bearer)).send({ profile: ann.publicId, is_active: true }).expect(200);
      await test.http.put(`/api/v1/challenge/${id}/deactivate_member/`).set(auth(admin)).send({ profile: ann.publicId, is_active: true }).expect(403);
      await test.http.post(`/api/v1/challenge/${id}/deactivate_member/`).set(auth(admin)).send({}).expect(400);
      await test.http.post(`/api/v1/challenge/${id}/deactivate_member/?is_active=maybe&profile=${ann.publicId}`).set(auth(admin)).send({}).expect(400);
      const many = await test.http.post(`/api/v1/challenge/${id}/deactivate_members/`).set(auth(admin)).send({ profiles: [ann.publicId, bob.publicId] }).expect(201);
      expect(many.body).toEqual({ profiles: [ann.publicId, bob.publicId], team: null, is_active: false });
      expect(await states()).toEqual([false, false]);
      await test.http.put(`/api/v1/challenge/${id}/deactivate_members/?is_active=true`).set(auth(bob.bearer)).send({ profiles: [bob.publicId] }).expect(200);
      expect(await states()).toEqual([false, true]);
      // A non-member in the list refuses the whole call.
      const carl = await createProfile(test, admin, { name: 'Carl' });
      await test.http.post(`/api/v1/challenge/${id}/deactivate_members/?is_active=true`).set(auth(admin)).send({ profiles: [ann.publicId, carl.publicId] }).expect(404);
      expect(await states()).toEqual([false, true]);
    });
  });

  describe('AUTOMATIC enrollment', () => {
    it('enrolls existing and future profiles; a profile that leaves stays out', async () => {
      const app = await adminBearer(test, await createClientApp(test, 'Auto'));
      const early = await createProfile(test, app, { name: 'Early' });
      const { public_id: id } = (await test.http.post('/api/v1/challenge/').set(auth(app)).send(body({ enrollment_method: 'AUTOMATIC' })).expect(201)).body;
      await test.runJobs(); // challenge.enroll_automatic: every profile of the app
      await createProfile(test, app, { name: 'Late' });
      const members = async () => (await test.http.get(`/api/v1/challenge/${id}/members/`).set(auth(app)).expect(200)).body.members.map((m: { name: string }) => m.name);
      expect((await members()).sort()).toEqual(['Early', 'Late']);
      await test.http.delete(`/api/v1/challenge/${id}/member/?profile=${early.publicId}`).set(auth(early.bearer)).expect(204);
      await createProfile(test, app, { name: 'Later' });
      // Enrolling everyone again (turning the challenge MANUAL, then AUTOMATIC) does not bring Early back.
      await test.http.patch(`/api/v1/challenge/${id}/`).set(auth(app)).send({ enrollment_method: 'MANUAL' }).expect(200);
      await test.http.patch(`/api/v1/challenge/${id}/`).set(auth(app)).send({ enrollment_method: 'AUTOMATIC' }).expect(200);
      await test.runJobs();
      expect((await members()).sort()).toEqual(['Late', 'Later']);
      // Early may come back by itself.
      await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(early.bearer)).send({ profile: early.publicId }).expect(201);
      expect((await members()).sort()).toEqual(['Early', 'Late', 'Later']);
    });
  });

  describe('TEAM challenges', () => {
    it("default to the profile's first team; another team of the profile can be chosen; no team is a 409", async () => {
      const app = await adminBearer(test, await createClientApp(test, 'Teams'));
      const dee = await createProfile(test, app, { name: 'Dee' });
      const eve = await createProfile(test, app, { name: 'Eve' });
      const red = (await test.http.post('/api/v1/team/').set(auth(app)).send({ name: 'Red' }).expect(201)).body.public_id;
      clock.advance(1000);
      const blue = (await test.http.post('/api/v1/team/').set(auth(app)).send({ name: 'Blue' }).expect(201)).body.public_id;
      await test.http.post(`/api/v1/team/${red}/member/`).set(auth(dee.bearer)).send({ profile: dee.publicId }).expect(201);
      clock.advance(1000);
      await test.http.post(`/api/v1/team/${blue}/member/`).set(auth(app)).send({ profile: dee.publicId }).expect(201);
      const profile = await test.http.get(`/api/v1/profile/${dee.publicId}/`).set(auth(dee.bearer)).expect(200);
      expect(profile.body.team).toBe(red);

      const make = async () => (await test.http.post('/api/v1/challenge/').set(auth(app)).send(body({ type: 'TEAM' })).expect(201)).body.public_id;
      const first = await make();
      const joined = await test.http.post(`/api/v1/challenge/${first}/member/`).set(auth(dee.bearer)).send({ profile: dee.publicId }).expect(201);
      expect(joined.body).toEqual({ profile: dee.publicId, team: red });
      const chosen = await make();
      const withBlue = await test.http.post(`/api/v1/challenge/${chosen}/member/`).set(auth(dee.bearer)).send({ profile: dee.publicId, team: blue }).expect(201);
      expect(withBlue.body.team).toBe(blue);
      const members = (await test.http.get(`/api/v1/challenge/${chosen}/members/`).set(auth(app))).body.members;
      expect(members[0].team).toEqual({ public_id: blue, name: 'Blue' });

      const noTeam = await test.http.post(`/api/v1/challenge/${first}/member/`).set(auth(eve.bearer)).send({ profile: eve.publicId }).expect(409);
      expect(noTeam.body.type).toBe('urn:strive:problem:membership.team_required');
      const notHers = await test.http.post(`/api/v1/challenge/${first}/member/`).set(auth(eve.bearer)).send({ profile: eve.publicId, team: red }).expect(409);
      expect(notHers.body.type).toBe('urn:strive:problem:membership.not_team_member');
      // A team playing in a challenge cannot be deleted.
      await test.http.delete(`/api/v1/team/${red}/`).set(auth(app)).expect(409);
    });
  });
});
