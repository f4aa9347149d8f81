import { FixedClock } from '@strive/domain/testing';
import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, startTestApp, TestApp } from './support/test-app';

/** Teams, profile challenge lists and app totals over HTTP (issue 5, items 2, 3 and 7). */
describe('teams, profile challenge lists and app totals', () => {
  const clock = new FixedClock('2026-03-04T10:00:00Z');
  let test: TestApp;
  let admin: string;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;
  const auth = bearerAuth;
  const team = async (name: string, bearer = admin) => (await test.http.post('/api/v1/team/').set(auth(bearer)).send({ name }).expect(201)).body;
  const teamOf = async (profile: CreatedTestProfile) => (await test.http.get(`/api/v1/profile/${profile.publicId}/`).set(auth(profile.bearer))).body.team;

  beforeAll(async () => {
    test = await startTestApp({ clock });
    admin = await adminBearer(test, await createClientApp(test, 'Club'));
    ann = await createProfile(test, admin, { name: 'Ann' });
    bob = await createProfile(test, admin, { name: 'Bob' });
  });
  afterAll(() => test.close());

  it('creates, reads, lists, renames and deletes teams', async () => {
    const red = await team('  Red  ', ann.bearer);
    expect(red).toEqual({ url: `${test.baseUrl}/api/v1/team/${red.public_id}/`, public_id: red.public_id, name: 'Red', num_members: 0, members: [] });
    clock.advance(1000);
    const blue = await team('Blue');
    const list = (await test.http.get('/api/v1/team/?limit=1').set(auth(bob.bearer)).expect(200)).body;
    expect(list).toEqual({
      count: 2, next: `${test.baseUrl}/api/v1/team/?limit=1&offset=1`, previous: null,
      results: [{ url: red.url, public_id: red.public_id, name: 'Red', num_members: 0 }],
    });
    const put = await test.http.put(`/api/v1/team/${red.public_id}/`).set(auth(admin)).send({ ...red, name: 'Crimson' }).expect(200);
    expect(put.body.name).toBe('Crimson');
    const patch = await test.http.patch(`/api/v1/team/${red.public_id}/`).set(auth(bob.bearer)).send({}).expect(200);
    expect(patch.body.name).toBe('Crimson');
    await test.http.patch(`/api/v1/team/${red.public_id}/`).set(auth(admin)).send({ name: '' }).expect(400);
    await test.http.post('/api/v1/team/').set(auth(admin)).send({ name: 'x', colour: 'red' }).expect(400);
    await test.http.delete(`/api/v1/team/${blue.public_id}/`).set(auth(admin)).expect(204);
    await test.http.get(`/api/v1/team/${blue.public_id}/`).set(auth(admin)).expect(404);
    const other = await adminBearer(test, await createClientApp(test, 'Other'));
    await test.http.get(`/api/v1/team/${red.public_id}/`).set(auth(other)).expect(404);
  });

  it('manages members; a profile can be in several teams; its team field is its first team', async () => {
    const red = (await team('Red')).public_id;
    clock.advance(1000);
    const blue = (await team('Blue')).public_id;
    const carl = await createProfile(test, admin, { name: 'Carl' });
    // A profile bearer adds only itself; the plural operations are for the administrator.
    await test.http.post(`/api/v1/team/${red}/member/`).set(auth(ann.bearer)).send({ profile: bob.publicId }).expect(403);
    expect((await test.http.post(`/api/v1/team/${red}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(201)).body).toEqual({ profile: ann.publicId });
    await test.http.post(`/api/v1/team/${red}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(409);
    // PUT is idempotent (issue 10): the same membership again answers 200.
    expect((await test.http.put(`/api/v1/team/${red}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(200)).body).toEqual({ profile: ann.publicId });
    clock.advance(1000);
    await test.http.post(`/api/v1/team/${blue}/members/`).set(auth(ann.bearer)).send({ profiles: [ann.publicId] }).expect(403);
    const added = await test.http.post(`/api/v1/team/${blue}/members/`).set(auth(admin)).send({ profiles: [ann.publicId, bob.publicId, carl.publicId] }).expect(201);
    expect(added.body).toEqual({ profiles: [ann.publicId, bob.publicId, carl.publicId] });
    await test.http.put(`/api/v1/team/${blue}/members/`).set(auth(admin)).send({ profiles: [bob.publicId] }).expect(200);
    expect([await teamOf(ann), await teamOf(bob)]).toEqual([red, blue]);
    const blueView = (await test.http.get(`/api/v1/team/${blue}/`).set(auth(bob.bearer)).expect(200)).body;
    expect(blueView.num_members).toBe(3);
    // Added in one call (same join instant): listed by join time, then profile id.
    expect(blueView.members.map((m: { name: string; team: string }) => [m.name, m.team]).sort()).toEqual([['Ann', red], ['Bob', blue], ['Carl', blue]]);
    // Ann leaves Red: her first team is now Blue.
    await test.http.delete(`/api/v1/team/${red}/member/?profile=${ann.publicId}`).set(auth(ann.bearer)).expect(204);
    await test.http.delete(`/api/v1/team/${red}/member/?profile=${ann.publicId}`).set(auth(ann.bearer)).expect(404);
    expect(await teamOf(ann)).toBe(blue);
    const removed = await test.http.post(`/api/v1/team/${blue}/remove_members/`).set(auth(admin)).send({ profiles: [bob.publicId, carl.publicId] }).expect(201);
    expect(removed.body).toEqual({ profiles: [bob.publicId, carl.publicId] });
    expect(await teamOf(bob)).toBeNull();
    // Deleting a team moves its members' team field on.
    await test.http.delete(`/api/v1/team/${blue}/`).set(auth(admin)).expect(204);
    expect(await teamOf(ann)).toBeNull();
  });

  it('enrolls a profile in an AUTOMATIC TEAM challenge once it has a team', async () => {
    const challenge = (
      await test.http.post('/api/v1/challenge/').set(auth(admin)).send({
        title: 'Team auto', start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z', type: 'TEAM', goal: 'DAILY', goal_value: 1, goal_type: 'STEPS',
        enrollment_method: 'AUTOMATIC',
      }).expect(201)
    ).body;
    expect(challenge.num_members).toBe(0); // nobody has a team yet
    const green = (await team('Green')).public_id;
    await test.http.post(`/api/v1/team/${green}/member/`).set(auth(bob.bearer)).send({ profile: bob.publicId }).expect(201);
    const members = (await test.http.get(`/api/v1/challenge/${challenge.public_id}/members/`).set(auth(admin))).body.members;
    expect(members.map((m: { name: string; team: { public_id: string } }) => [m.name, m.team.public_id])).toEqual([['Bob', green]]);
  });

  it('lists the challenges a profile joined or can join, and the ones it joined', async () => {
    const app = await adminBearer(test, await createClientApp(test, 'Lists'));
    const dee = await createProfile(test, app, { name: 'Dee' });
    const make = async (title: string, fields: Record<string, unknown> = {}) =>
      (await test.http.post('/api/v1/challenge/').set(auth(app)).send({
        title, start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z', type: 'INDIVIDUAL', goal: 'TOTAL', goal_value: 1, goal_type: 'STEPS', ...fields,
      }).expect(201)).body.public_id;
    const open = await make('open');
    const joined = await make('joined', { start: '2026-03-02T01:00:00Z' }); // listed by start
    await make('private', { visibility: 'PRIVATE' });
    const ended = await make('ended', { start: '2026-02-01T00:00:00Z', end: '2026-02-10T00:00:00Z' });
    await make('later', { start: '2026-04-01T00:00:00Z', end: '2026-04-10T00:00:00Z' });
    await test.http.post(`/api/v1/challenge/${joined}/member/`).set(auth(dee.bearer)).send({ profile: dee.publicId }).expect(201);
    const titles = (body: { results: { title: string; joined: boolean }[] }) => body.results.map((c) => [c.title, c.joined]);

    const all = (await test.http.get(`/api/v1/profile/${dee.publicId}/challenge/`).set(auth(dee.bearer)).expect(200)).body;
    expect(all.count).toBe(3);
    expect(titles(all)).toEqual([['open', false], ['joined', true], ['later', false]]);
    // date_end before April leaves the upcoming challenge out; joined ones are always listed.
    const march = (await test.http.get(`/api/v1/profile/${dee.publicId}/challenge/?date_end=2026-03-31T00:00:00Z`).set(auth(dee.bearer)).expect(200)).body;
    expect(titles(march)).toEqual([['open', false], ['joined', true]]);
    const mine = (await test.http.get(`/api/v1/profile/${dee.publicId}/challenges/`).set(auth(dee.bearer)).expect(200)).body;
    expect(titles(mine)).toEqual([['joined', true]]);
    await test.http.get(`/api/v1/profile/${dee.publicId}/challenges/`).set(auth(app)).expect(403);
    await test.http.get(`/api/v1/profile/${dee.publicId}/challenge/?recent=abc`).set(auth(dee.bearer)).expect(400);
    expect([open, ended]).toHaveLength(2);
  });

  it('answers app totals over all profiles of the app (duplicate sources merged per day)', async () => {
    const app = await adminBearer(test, await createClientApp(test, 'Totals'));
    const eve = await createProfile(test, app, { name: 'Eve' });
    const fay = await createProfile(test, app, { name: 'Fay' });
    const upload = (profile: CreatedTestProfile, source: string, days: [string, number, number, number, string][]) =>
      test.http.post(`/api/v1/profile/${profile.publicId}/data/`).set(auth(profile.bearer)).send({
        source,
        daily_summary: days.map(([date, steps, distance, calories, active]) => ({ external_id: date, date, steps, distance, calories, active_duration: active })),
      }).expect(201);
    await upload(eve, 'GARMIN', [['2026-03-02', 8000, 6000, 2000, '01:00:00.000000'], ['2026-03-03', 5000, 4000, 1800, '00:30:00.000000']]);
    await upload(eve, 'FITBIT', [['2026-03-02', 7500, 6500, 1900, '00:50:00.000000']]); // same day, another source
    await upload(fay, 'GARMIN', [['2026-03-02', 1000, 800, 1500, '00:10:00.000000']]);
    await test.runScoring(); // total_points follows the uploads moments later
    const totals = (await test.http.get('/api/v1/app/totals/').set(auth(fay.bearer)).expect(200)).body;
    // Eve 03-02 merged: steps max(8000, 7500) = 8000, distance max(6000, 6500) = 6500, kcal 2000, 60 min;
    // + 03-03 (5000, 4000, 1800, 30 min) + Fay (1000, 800, 1500, 10 min).
    expect(totals).toEqual([
      expect.objectContaining({
        num_profiles: 2, total_steps: 14000, total_distance: 11300, total_calories: 5300, total_activity_duration: 'PT1H40M',
      }),
    ]);
    // total_points: default definition, 1 point per 1000 steps of each merged day: 8 + 5 + 1 = 14.
    expect(totals[0].total_points).toBe(14);
    await test.http.get('/api/v1/app/totals/').expect(401);
  });
});
