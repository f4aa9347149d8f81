import { FixedClock } from '@strive/domain/testing';
import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, startTestApp, TestApp } from './support/test-app';

/**
 * leaderboard/ answers are serialized once per ranking version and request shape (URL, requester,
 * current period) and reused: they must stay exactly what a fresh computation answers.
 */
describe('leaderboard/ serialized answers', () => {
  const clock = new FixedClock('2026-03-04T10:00:00Z');
  let test: TestApp;
  let admin: string;
  let credentials: Awaited<ReturnType<typeof createClientApp>>;
  let ann: CreatedTestProfile;
  let bob: CreatedTestProfile;
  let id: string;

  const auth = bearerAuth;
  const get = (path: string, bearer: string) => test.http.get(path).set(auth(bearer)).expect(200);
  /** An upload, then the scoring worker's turn (moments after the answer). */
  const steps = async (profile: CreatedTestProfile, date: string, value: number) => {
    await test.http
      .post(`/api/v1/profile/${profile.publicId}/data/`)
      .set(auth(profile.bearer))
      .send({ source: 'GARMIN', daily_summary: [{ external_id: `day-${date}`, date, distance: 0, steps: value, calories: 0 }] })
      .expect(201);
    await test.runScoring();
  };

  /** An INDIVIDUAL DAILY 10,000-steps challenge of 2026-03-02..08 (admin's), joined by `members`. */
  const dailyChallenge = async (fields: Record<string, string>, members: readonly CreatedTestProfile[]): Promise<string> => {
    const challenge = (
      await test.http
        .post('/api/v1/challenge/')
        .set(auth(admin))
        .send({ type: 'INDIVIDUAL', goal: 'DAILY', goal_type: 'STEPS', goal_value: 10000, start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z', ...fields })
        .expect(201)
    ).body.public_id as string;
    for (const profile of members) {
      await test.http.post(`/api/v1/challenge/${challenge}/member/`).set(auth(profile.bearer)).send({ profile: profile.publicId }).expect(201);
    }
    return challenge;
  };

  beforeAll(async () => {
    test = await startTestApp({ clock });
    credentials = await createClientApp(test);
    admin = await adminBearer(test, credentials);
    ann = await createProfile(test, admin, { name: 'Ann' });
    bob = await createProfile(test, admin, { name: 'Bob' });
    id = await dailyChallenge({ title: 'C' }, [ann, bob]);
    await steps(ann, '2026-03-04', 12000);
    await steps(bob, '2026-03-04', 8000);
  });
  afterAll(() => test.close());

  it('answers the same JSON, type and ETag the second time, per requester', async () => {
    const first = await get(`/api/v1/challenge/${id}/leaderboard/`, ann.bearer);
    const second = await get(`/api/v1/challenge/${id}/leaderboard/`, ann.bearer);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.body.requester).toMatchObject({ rank: 1, score: 12000, profile: { public_id: ann.publicId, name: 'Ann' } });
    expect(first.body.results.map((e: { score: number }) => e.score)).toEqual([12000, 8000]);

    const asBob = (await get(`/api/v1/challenge/${id}/leaderboard/`, bob.bearer)).body;
    expect(asBob.requester).toMatchObject({ rank: 2, profile: { public_id: bob.publicId } });
    const asAdmin = (await get(`/api/v1/challenge/${id}/leaderboard/`, admin)).body;
    expect(asAdmin.requester).toBeNull();
    expect(asAdmin.results).toEqual(first.body.results);
  });

  it('answers a requester off the page and an administrator from memory as it answered them first', async () => {
    const path = `/api/v1/challenge/${id}/leaderboard/?limit=1`;
    await get(path, ann.bearer); // the page of Ann, who is on it, is kept apart
    const first = await get(path, bob.bearer);
    const again = await get(path, bob.bearer);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    expect(again.body.results.map((e: { rank: number; score: number }) => [e.rank, e.score])).toEqual([[1, 12000]]);
    expect(again.body.requester).toMatchObject({ rank: 2, score: 8000, goal_reached: false, profile: { public_id: bob.publicId, name: 'Bob' } });
    const asAdmin = await get(path, admin);
    expect((await get(path, admin)).text).toBe(asAdmin.text);
    expect(asAdmin.body.requester).toBeNull();
  });

  it('keeps answers apart by URL: version prefix, page and period', async () => {
    const v11 = (await get(`/api/v1.1/challenge/${id}/leaderboard/`, ann.bearer)).body;
    expect(v11.results[0].profile.url).toBe(`${test.baseUrl}/api/v1.1/profile/${ann.publicId}/`);
    const v1 = (await get(`/api/v1/challenge/${id}/leaderboard/`, ann.bearer)).body;
    expect(v1.results[0].profile.url).toBe(`${test.baseUrl}/api/v1/profile/${ann.publicId}/`);
    const page = (await get(`/api/v1/challenge/${id}/leaderboard/?limit=1`, ann.bearer)).body;
    expect(page.results).toHaveLength(1);
    expect(page.next).toBe(`${test.baseUrl}/api/v1/challenge/${id}/leaderboard/?limit=1&offset=1`);
    const earlier = (await get(`/api/v1/challenge/${id}/leaderboard/?date_range=0`, ann.bearer)).body;
    expect(earlier.period).toMatchObject({ date_range: 0, is_current: false });
    expect(earlier.results.map((e: { score: number }) => e.score)).toEqual([0, 0]);
  });

  it('follows score changes and the clock at once', async () => {
    expect((await get(`/api/v1/challenge/${id}/leaderboard/`, ann.bearer)).body.period).toMatchObject({ date_range: 2, is_current: true });
    await steps(bob, '2026-03-04', 15000);
    const after = (await get(`/api/v1/challenge/${id}/leaderboard/`, ann.bearer)).body;
    expect(after.results.map((e: { score: number; profile: { name: string } }) => [e.profile.name, e.score])).toEqual([['Bob', 15000], ['Ann', 12000]]);
    expect(after.requester).toMatchObject({ rank: 2 });
    // Same URL and ranking version, the clock moved into the next day: is_current follows.
    const asked = (await get(`/api/v1/challenge/${id}/leaderboard/?date_range=2`, ann.bearer)).body;
    expect(asked.period.is_current).toBe(true);
    clock.set('2026-03-05T10:00:00Z');
    const later = (await get(`/api/v1/challenge/${id}/leaderboard/?date_range=2`, ann.bearer)).body;
    expect(later.period.is_current).toBe(false);
    expect(later.results).toEqual(asked.results);
  });

  it("reuses a returning requester's answer only for the URL it last asked, in the same current period", async () => {
    // 2026-03-05: period 3 is current; Bob 15,000 and Ann 12,000 steps on 03-04 (period 2).
    const current = `/api/v1/challenge/${id}/leaderboard/?date_range=3`;
    const earlier = `/api/v1/challenge/${id}/leaderboard/?date_range=2`;
    const first = await get(current, ann.bearer);
    expect((await get(current, ann.bearer)).text).toBe(first.text); // kept for Ann
    expect(first.body.period).toMatchObject({ date_range: 3, is_current: true });
    expect(first.body.requester).toMatchObject({ rank: 1, score: 0 }); // 0 steps each: all rank 1
    const other = (await get(earlier, ann.bearer)).body; // in place of the first
    expect(other.requester).toMatchObject({ rank: 2, score: 12000 });
    expect((await get(earlier, ann.bearer)).body).toEqual(other);
    expect((await get(current, ann.bearer)).text).toBe(first.text);
    // The next day, the same URL: the period is no longer current.
    clock.set('2026-03-06T10:00:00Z');
    const later = (await get(current, ann.bearer)).body;
    expect(later.period).toMatchObject({ date_range: 3, is_current: false });
    expect(later.requester).toEqual(first.body.requester);
  });

  it('shows a renamed team at once (answers naming teams are not kept)', async () => {
    admin = await adminBearer(test, credentials); // the clock moved a day: a new bearer
    const red = (await test.http.post('/api/v1/team/').set(auth(admin)).send({ name: 'Red' }).expect(201)).body.public_id;
    await test.http.post(`/api/v1/team/${red}/members/`).set(auth(admin)).send({ profiles: [ann.publicId] }).expect(201);
    const teamChallenge = (
      await test.http
        .post('/api/v1/challenge/')
        .set(auth(admin))
        .send({ title: 'T', type: 'TEAM', goal: 'DAILY', goal_type: 'STEPS', goal_value: 10000, start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z' })
        .expect(201)
    ).body.public_id;
    await test.http.post(`/api/v1/challenge/${teamChallenge}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(201);
    const before = (await get(`/api/v1/challenge/${teamChallenge}/leaderboard/`, ann.bearer)).body;
    expect(before.teams.map((e: { team: { name: string } }) => e.team.name)).toEqual(['Red']);
    await test.http.patch(`/api/v1/team/${red}/`).set(auth(admin)).send({ name: 'Crimson' }).expect(200);
    const after = (await get(`/api/v1/challenge/${teamChallenge}/leaderboard/`, ann.bearer)).body;
    expect(after.teams.map((e: { team: { name: string } }) => e.team.name)).toEqual(['Crimson']);
    expect(after.requester.team).toEqual({ public_id: red, name: 'Crimson' });
  });

  it('a kept STREAK board follows a late day whose run carries into its period, and one of an earlier day is left as it was', async () => {
    admin = await adminBearer(test, credentials);
    const dee = await createProfile(test, admin, { name: 'Dee' });
    const eli = await createProfile(test, admin, { name: 'Eli' });
    const streak = await dailyChallenge({ title: 'S', repetition: 'STREAK' }, [dee, eli]);
    // Days 0 and 2 for Dee (best run 1), days 1 and 2 for Eli (2).
    await steps(dee, '2026-03-02', 12000);
    await steps(dee, '2026-03-04', 12000);
    await steps(eli, '2026-03-03', 12000);
    await steps(eli, '2026-03-04', 12000);
    // [name, score, rank] by name (equal scores reached at the same data time share a rank).
    type Entry = { rank: number; score: number; profile: { name: string } };
    const board = async (day: number) =>
      ((await get(`/api/v1/challenge/${streak}/leaderboard/?date_range=${day}`, admin)).body.results as Entry[])
        .map((e) => [e.profile.name, e.score, e.rank])
        .sort();
    expect([await board(0), await board(2)]).toEqual([[['Dee', 1, 1], ['Eli', 0, 2]], [['Dee', 1, 2], ['Eli', 2, 1]]]);

    // Dee's day 1 arrives late: a run of 3 on day 2 (its state carried on), day 0 unchanged.
    await steps(dee, '2026-03-03', 11000);
    expect([await board(0), await board(2)]).toEqual([[['Dee', 1, 1], ['Eli', 0, 2]], [['Dee', 3, 1], ['Eli', 2, 2]]]);
    // Eli's day 0: both boards change.
    await steps(eli, '2026-03-02', 13000);
    expect([await board(0), await board(2)]).toEqual([[['Dee', 1, 1], ['Eli', 1, 1]], [['Dee', 3, 1], ['Eli', 3, 1]]]);
  });

  it('patches the kept ranking with the members that changed: a join, a rename, a leave and a deletion show at once', async () => {
    admin = await adminBearer(test, credentials);
    const cid = await createProfile(test, admin, { name: 'Cid', reference: 'crm-3' });
    const board = async (bearer = admin) => (await get(`/api/v1/challenge/${id}/leaderboard/?date_range=2`, bearer)).body;
    const names = (answer: { results: { score: number; profile: { name: string } }[] }) => answer.results.map((e) => [e.profile.name, e.score]);
    expect(names(await board())).toEqual([['Bob', 15000], ['Ann', 12000]]);

    await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(cid.bearer)).send({ profile: cid.publicId }).expect(201);
    await steps(cid, '2026-03-04', 20000);
    const joined = await board();
    expect([joined.count, names(joined)]).toEqual([3, [['Cid', 20000], ['Bob', 15000], ['Ann', 12000]]]);
    // The page is kept once for every other profile; its own entry shows a profile its personal fields.
    expect((await board(cid.bearer)).results[0].profile.reference).toBe('crm-3');
    expect((await board(ann.bearer)).results[0].profile.reference).toBe('');
    expect((await board(bob.bearer)).results[0].profile.reference).toBe('');
    expect(joined.results[0].profile.reference).toBe('crm-3');

    await test.http.patch(`/api/v1/profile/${cid.publicId}/`).set(auth(cid.bearer)).send({ name: 'Cyd' }).expect(200);
    expect(names(await board())).toEqual([['Cyd', 20000], ['Bob', 15000], ['Ann', 12000]]);

    await test.http.delete(`/api/v1/challenge/${id}/member/?profile=${bob.publicId}`).set(auth(bob.bearer)).expect(204);
    const left = await board(ann.bearer);
    expect([left.count, names(left), left.requester.rank]).toEqual([2, [['Cyd', 20000], ['Ann', 12000]], 2]);

    await test.http.delete(`/api/v1/profile/${cid.publicId}/`).set(auth(admin)).expect(204);
    const deleted = await board(ann.bearer);
    expect([deleted.count, names(deleted), deleted.requester.rank]).toEqual([1, [['Ann', 12000]], 1]);
  });

  it('keeps an INDIVIDUAL board across a new goal value, and shows each member as the rescoring writes it', async () => {
    admin = await adminBearer(test, credentials);
    const fay = await createProfile(test, admin, { name: 'Fay' });
    const gus = await createProfile(test, admin, { name: 'Gus' });
    const goal = await dailyChallenge({ title: 'G' }, [fay, gus]);
    await steps(fay, '2026-03-04', 12000);
    await steps(gus, '2026-03-04', 8000);
    type Entry = { goal_reached: boolean; score: number; profile: { name: string } };
    const board = async () =>
      ((await get(`/api/v1/challenge/${goal}/leaderboard/?date_range=2`, gus.bearer)).body.results as Entry[]).map((e) => [
        e.profile.name, e.score, e.goal_reached,
      ]);
    expect(await board()).toEqual([['Fay', 12000, true], ['Gus', 8000, false]]);

    await test.http.patch(`/api/v1/challenge/${goal}/`).set(auth(admin)).send({ goal_value: 7000 }).expect(200);
    // Until the rescoring job runs, the stored scores are those of 10,000 steps, as a new board would read them.
    expect(await board()).toEqual([['Fay', 12000, true], ['Gus', 8000, false]]);
    expect(await test.runJobs()).toBe(1); // challenge.rescore
    // 8,000 >= 7,000: Gus reached the new goal; the kept board shows it.
    expect(await board()).toEqual([['Fay', 12000, true], ['Gus', 8000, true]]);
    // And back to 10,000.
    await test.http.patch(`/api/v1/challenge/${goal}/`).set(auth(admin)).send({ goal_value: 10000 }).expect(200);
    expect(await test.runJobs()).toBe(1);
    expect(await board()).toEqual([['Fay', 12000, true], ['Gus', 8000, false]]);
  });
});

