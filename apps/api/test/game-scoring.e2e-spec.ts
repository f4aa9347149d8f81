import { FixedClock } from '@strive/domain/testing';
import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, startTestApp, TestApp } from './support/test-app';

/**
 * Live scoring over HTTP (issue 5, items 4, 5 and 8): data sent to POST profile/{id}/data/ and
 * events sent to POST profile/{id}/event/ change scores, goal_progress and leaderboards once the
 * scoring worker has taken the change (moments after the answer; here test.runScoring()). Every
 * expected number is worked out by hand in a comment.
 */
describe('scoring scenarios', () => {
  const clock = new FixedClock('2026-03-04T10:00:00Z');
  let test: TestApp;
  let admin: string;
  let credentials: Awaited<ReturnType<typeof createClientApp>>;

  const auth = bearerAuth;
  /** A new app at `now`, with a fresh administrator bearer (bearers expire after 24 h of clock time). */
  const newApp = async (now: string, name: string) => {
    clock.set(now);
    credentials = await createClientApp(test, name);
    admin = await adminBearer(test, credentials);
  };
  const challenge = async (fields: Record<string, unknown>) =>
    (await test.http.post('/api/v1/challenge/').set(auth(admin)).send({ title: 'C', type: 'INDIVIDUAL', goal: 'DAILY', goal_type: 'STEPS', ...fields }).expect(201))
      .body.public_id as string;
  const join = (id: string, profile: CreatedTestProfile, team?: string) =>
    test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(profile.bearer)).send({ profile: profile.publicId, ...(team ? { team } : {}) }).expect(201);
  /** A write, then what the scoring worker does moments after it. */
  const scored = async <T>(write: PromiseLike<T>): Promise<T> => {
    const answer = await write;
    await test.runScoring();
    return answer;
  };
  const summaries = (profile: CreatedTestProfile, days: Record<string, Record<string, number>>, source = 'GARMIN') =>
    scored(test.http
      .post(`/api/v1/profile/${profile.publicId}/data/`)
      .set(auth(profile.bearer))
      .send({
        source,
        daily_summary: Object.entries(days).map(([date, values]) => ({ external_id: `day-${date}`, date, distance: 0, steps: 0, calories: 0, ...values })),
      })
      .expect(201));
  const workouts = (profile: CreatedTestProfile, list: { id: string; at: string; type: string; distance: number; duration?: string }[]) =>
    scored(test.http
      .post(`/api/v1/profile/${profile.publicId}/data/`)
      .set(auth(profile.bearer))
      .send({
        source: 'GARMIN',
        workout: list.map((w) => ({ external_id: w.id, timestamp: w.at, duration: w.duration ?? '00:30:00.000000', type: w.type, distance: w.distance })),
      })
      .expect(201));
  const board = async (id: string, bearer: string, query = '') =>
    (await test.http.get(`/api/v1/challenge/${id}/leaderboard/${query}`).set(auth(bearer)).expect(200)).body;
  const ranking = (body: { results: { rank: number; score: number; profile: { name: string } }[] }) =>
    body.results.map((e) => [e.profile.name, e.rank, e.score]);
  const read = async (id: string, bearer: string) => (await test.http.get(`/api/v1/challenge/${id}/`).set(auth(bearer)).expect(200)).body;

  beforeAll(async () => {
    test = await startTestApp({ clock });
  });
  afterAll(() => test.close());

  it('a 14-day DAILY 10,000-steps STREAK challenge with gaps, late data and the end of the grace period', async () => {
    await newApp('2026-03-04T10:00:00Z', 'Streak');
    const ann = await createProfile(test, admin, { name: 'Ann' });
    const bob = await createProfile(test, admin, { name: 'Bob' });
    const id = await challenge({ goal_value: 10000, repetition: 'STREAK', start: '2026-03-02T00:00:00Z', end: '2026-03-16T00:00:00Z' });
    await join(id, ann);
    await join(id, bob);
    const steps = [10000, 12000, 15000, 9999, 10500, 11000, 10000, 20000, 0, 3000, 10001, 10002, 500, 10000];
    const dates = steps.map((_, d) => `2026-03-${String(2 + d).padStart(2, '0')}`);
    clock.set('2026-03-15T12:00:00Z'); // day 13: the current period
    await summaries(ann, Object.fromEntries(dates.map((date, d) => [date, { steps: steps[d] }])));
    await summaries(bob, { '2026-03-02': { steps: 11000 }, '2026-03-03': { steps: 11000 }, '2026-03-04': { steps: 11000 } });

    // Ann reached days 0-2, 4-7, 10-11, 13: longest run 4 (days 4-7). Bob: days 0-2, STREAK 3.
    const current = await board(id, ann.bearer);
    expect(current.period).toEqual({ date_range: 13, start: '2026-03-15T00:00:00.000Z', end: '2026-03-16T00:00:00.000Z', is_current: true });
    expect(ranking(current)).toEqual([['Ann', 1, 4], ['Bob', 2, 3]]);
    expect(current.results[0]).toMatchObject({ progress: 10000, goal_reached: true });
    expect(current.requester).toMatchObject({ rank: 1, score: 4, profile: { public_id: ann.publicId } });
    // Up to day 6 Ann has runs 0-2 and 4-6 (3 each); Bob 0-2 (3): a shared rank 1 (1224).
    const daySix = await board(id, ann.bearer, '?date_range=6');
    expect(daySix.results.map((e: { rank: number; score: number }) => [e.rank, e.score])).toEqual([[1, 3], [1, 3]]);
    // goal_progress of the current period (day 13): 10000 / 10000.
    expect((await read(id, ann.bearer)).goal_progress).toBe(1);
    expect((await read(id, bob.bearer)).goal_progress).toBe(0);
    // total_steps: Ann 22000 + 15000 + 9999 + 10500 + 11000 + 10000 + 20000 + 0 + 3000 + 10001 + 10002 + 500 + 10000
    // = 132002, plus Bob 3 x 11000 = 33000: 165002.
    expect((await read(id, ann.bearer)).total_steps).toBe(165002);

    // History since Ann joined (03-04, period 2): 12 periods; period 2 = 15000 reached, STREAK so far 3.
    const history = (await test.http.get(`/api/v1/challenge/${id}/leaderboard_history/`).set(auth(ann.bearer)).expect(200)).body;
    expect(history.results).toHaveLength(12);
    expect(history.results[0]).toEqual({ date_range: 2, start: '2026-03-04T00:00:00.000Z', end: '2026-03-05T00:00:00.000Z', progress: 15000, goal_reached: true, score: 3 });
    expect(history.results[1]).toMatchObject({ date_range: 3, progress: 9999, goal_reached: false, score: 3 });
    expect(history.results[11]).toMatchObject({ date_range: 13, progress: 10000, goal_reached: true, score: 4 });
    admin = await adminBearer(test, credentials); // the clock moved 11 days: a new bearer
    await test.http.get(`/api/v1/challenge/${id}/leaderboard_history/`).set(auth(admin)).expect(403);

    // Late data for day 8 (03-10: 0 -> 10000): days 4-8 now form a run of 5.
    await summaries(ann, { '2026-03-10': { steps: 10000 } });
    expect(ranking(await board(id, ann.bearer))).toEqual([['Ann', 1, 5], ['Bob', 2, 3]]);

    // Grace: end 03-16 + 7 days = 03-23 00:00; from then on data changes nothing (day 3 -> 10000 would make a run of 9).
    clock.set('2026-03-23T00:00:00Z');
    await summaries(ann, { '2026-03-05': { steps: 10000 } });
    expect(ranking(await board(id, ann.bearer))).toEqual([['Ann', 1, 5], ['Bob', 2, 3]]);
  });

  it('a WEEKLY STICK TO IT distance challenge on workouts filtered to RUNNING', async () => {
    await newApp('2026-03-20T12:00:00Z', 'Runs');
    const ann = await createProfile(test, admin, { name: 'Ann' });
    const bob = await createProfile(test, admin, { name: 'Bob' });
    const id = await challenge({
      goal: 'WEEKLY', goal_value: 10000, goal_type: 'DISTANCE', repetition: 'STICK TO IT', data_source: 'workout',
      activity_types: ['RUNNING'], start: '2026-03-02T00:00:00Z', end: '2026-03-23T00:00:00Z',
    });
    await join(id, ann);
    await join(id, bob);
    await workouts(ann, [
      { id: 'w1', at: '2026-03-02T07:00:00Z', type: 'RUNNING', distance: 6000 },
      { id: 'w2', at: '2026-03-03T07:00:00Z', type: 'RUNNING', distance: 5000 },
      { id: 'w3', at: '2026-03-03T18:00:00Z', type: 'CYCLING', distance: 20000 },
      { id: 'w4', at: '2026-03-10T07:00:00Z', type: 'RUNNING', distance: 9000 },
      { id: 'w5', at: '2026-03-17T07:00:00Z', type: 'RUNNING', distance: 12000 },
    ]);
    await workouts(bob, [{ id: 'b1', at: '2026-03-11T07:00:00Z', type: 'RUNNING', distance: 10000 }]);

    // Ann: week 0 = 6000 + 5000 = 11000 (the ride does not count) reached, week 1 = 9000 not, week 2 = 12000 reached.
    expect(ranking(await board(id, ann.bearer))).toEqual([['Ann', 1, 2], ['Bob', 2, 1]]);
    expect(ranking(await board(id, ann.bearer, '?date_range=0'))).toEqual([['Ann', 1, 1], ['Bob', 2, 0]]);
    // Week 1 alone: Ann 1 (week 0), Bob 1 (week 1); Ann reached hers first (03-03 07:00 < 03-11 07:00).
    expect(ranking(await board(id, ann.bearer, '?date_range=1'))).toEqual([['Ann', 1, 1], ['Bob', 1, 1]]);
    const periods = (await test.http.get(`/api/v1/challenge/${id}/periods/`).set(auth(bob.bearer)).expect(200)).body;
    expect(periods.map((p: { start: string; is_current: boolean }) => [p.start, p.is_current])).toEqual([
      ['2026-03-02T00:00:00.000Z', false], ['2026-03-09T00:00:00.000Z', false], ['2026-03-16T00:00:00.000Z', true],
    ]);
    // Totals count what the challenge counts: 6000 + 5000 + 9000 + 12000 + 10000 m, five 30-minute runs.
    const totals = await read(id, admin);
    expect([totals.total_distance, totals.total_activity_duration]).toEqual([42000, 'PT2H30M']);
    await test.http.get(`/api/v1/challenge/${id}/leaderboard/?date_range=3`).set(auth(admin)).expect(400);

    // New rules rescore every member: counting CYCLING only, Ann's 20000 m ride reaches week 0; Bob has nothing.
    await test.http.patch(`/api/v1/challenge/${id}/`).set(auth(admin)).send({ activity_types: ['CYCLING'] }).expect(200);
    await test.runJobs(); // challenge.rescore
    expect(ranking(await board(id, ann.bearer))).toEqual([['Ann', 1, 1], ['Bob', 2, 0]]);
    expect((await read(id, admin)).total_distance).toBe(20000);
  });

  it('a member who joins late: all its data between start and end counts, sources merged per day', async () => {
    await newApp('2026-03-06T10:00:00Z', 'Late');
    const ann = await createProfile(test, admin, { name: 'Ann' });
    const id = await challenge({ goal: 'TOTAL', goal_value: 100000, start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z' });
    await summaries(ann, { '2026-03-02': { steps: 8000 }, '2026-03-03': { steps: 4000 } }, 'GARMIN');
    await summaries(ann, { '2026-03-02': { steps: 9000 } }, 'FITBIT'); // the same day from another source
    expect(ranking(await board(id, admin))).toEqual([]);
    await join(id, ann);
    // 03-02: max(8000, 9000) = 9000 (one day, two sources); + 03-03 4000 = 13000.
    expect(ranking(await board(id, admin))).toEqual([['Ann', 1, 13000]]);
    expect((await read(id, ann.bearer)).goal_progress).toBe(0.13);
  });

  it('a TEAM SUM challenge with two teams and a profile in both', async () => {
    await newApp('2026-03-04T10:00:00Z', 'Teams');
    const [ann, bob, cid] = [
      await createProfile(test, admin, { name: 'Ann' }), await createProfile(test, admin, { name: 'Bob' }), await createProfile(test, admin, { name: 'Cid' }),
    ];
    const red = (await test.http.post('/api/v1/team/').set(auth(admin)).send({ name: 'Red' }).expect(201)).body.public_id;
    const blue = (await test.http.post('/api/v1/team/').set(auth(admin)).send({ name: 'Blue' }).expect(201)).body.public_id;
    await test.http.post(`/api/v1/team/${red}/members/`).set(auth(admin)).send({ profiles: [ann.publicId, bob.publicId] }).expect(201);
    clock.advance(60_000);
    await test.http.post(`/api/v1/team/${blue}/members/`).set(auth(admin)).send({ profiles: [ann.publicId, cid.publicId] }).expect(201);
    const id = await challenge({ type: 'TEAM', goal_value: 10000, start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z' });
    await join(id, ann); // first team: Red
    await join(id, bob);
    await join(id, cid);
    await summaries(ann, { '2026-03-04': { steps: 6000 } });
    await summaries(bob, { '2026-03-04': { steps: 5000 } });
    await summaries(cid, { '2026-03-04': { steps: 9000 } });

    // Red = Ann 6000 + Bob 5000 = 11000 (reached); Blue = Cid 9000 (Ann plays for Red only).
    const teams = (await test.http.get(`/api/v1/challenge/${id}/team/`).set(auth(cid.bearer)).expect(200)).body;
    expect(teams.results).toEqual([
      { rank: 1, score: 11000, progress: 11000, goal_reached: true, team: { public_id: red, name: 'Red' }, num_members: 2 },
      { rank: 2, score: 9000, progress: 9000, goal_reached: false, team: { public_id: blue, name: 'Blue' }, num_members: 1 },
    ]);
    expect(teams.requester.team.public_id).toBe(blue);
    const redView = (await test.http.get(`/api/v1/challenge/${id}/team/${red}/`).set(auth(admin)).expect(200)).body;
    expect([redView.progress, redView.count, ranking(redView)]).toEqual([11000, 2, [['Ann', 1, 6000], ['Bob', 2, 5000]]]);
    const all = await board(id, admin);
    expect(ranking(all)).toEqual([['Cid', 1, 9000], ['Ann', 2, 6000], ['Bob', 3, 5000]]);
    expect(all.results.map((e: { goal_reached: boolean }) => e.goal_reached)).toEqual([false, true, true]);
    expect(all.teams.map((t: { team: { name: string } }) => t.team.name)).toEqual(['Red', 'Blue']);
    // goal_progress: Ann's team 11000 / 10000 = 1.1; Cid's 9000 / 10000 = 0.9; an administrator 0.
    expect([(await read(id, ann.bearer)).goal_progress, (await read(id, cid.bearer)).goal_progress, (await read(id, admin)).goal_progress]).toEqual([1.1, 0.9, 0]);
    // The profile's team field is its first team.
    expect((await test.http.get(`/api/v1/profile/${ann.publicId}/`).set(auth(ann.bearer))).body.team).toBe(red);
  });

  it('a GROUP AVERAGE calories challenge', async () => {
    await newApp('2026-03-04T10:00:00Z', 'Group');
    const people = [];
    for (const name of ['Ann', 'Bob', 'Cid', 'Dan', 'Eve']) people.push(await createProfile(test, admin, { name }));
    const [ann, bob, cid, dan, eve] = people;
    const id = await challenge({
      type: 'GLOBAL', goal_type: 'KCAL', goal_value: 2000, calculation_method: 'AVERAGE', start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z',
    });
    await test.http.post(`/api/v1/challenge/${id}/members/`).set(auth(admin)).send({ profiles: [ann, bob, cid, dan].map((p) => p.publicId) }).expect(201);
    await summaries(ann, { '2026-03-04': { calories: 2000 } });
    await summaries(bob, { '2026-03-04': { calories: 3000 } });
    await summaries(cid, { '2026-03-04': { calories: 1000 } });
    // Group = (2000 + 3000 + 1000 + 0) / 4 members = 1500: 1500 / 2000 = 0.75 for everyone, non-members included.
    for (const bearer of [ann.bearer, dan.bearer, eve.bearer, admin]) expect((await read(id, bearer)).goal_progress).toBe(0.75);
    const all = await board(id, eve.bearer);
    expect(ranking(all)).toEqual([['Bob', 1, 3000], ['Ann', 2, 2000], ['Cid', 3, 1000], ['Dan', 4, 0]]);
    expect(all.results.some((e: { goal_reached: boolean }) => e.goal_reached)).toBe(false);
    expect(all.requester).toBeNull();
    const view = await read(id, admin);
    expect([view.type, view.goal_type, view.total_calories, view.num_members]).toEqual(['GROUP', 'CALORIES', 6000, 4]);
  });

  it('a leaderboard challenge without goal: highest total wins, ties share a rank and list who got there first', async () => {
    await newApp('2026-03-06T10:00:00Z', 'Board');
    const [ann, bob, cid] = [
      await createProfile(test, admin, { name: 'Ann' }), await createProfile(test, admin, { name: 'Bob' }), await createProfile(test, admin, { name: 'Cid' }),
    ];
    const id = await challenge({ goal: 'TOTAL', goal_type: 'DISTANCE', start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z' });
    for (const p of [ann, bob, cid]) await join(id, p);
    await summaries(ann, { '2026-03-02': { distance: 5000 }, '2026-03-03': { distance: 3000 } }); // 8000, reached 03-03
    await summaries(bob, { '2026-03-02': { distance: 8000 } }); // 8000, reached 03-02
    await summaries(cid, { '2026-03-02': { distance: 2000 } });
    const result = await board(id, admin);
    expect(result.period).toMatchObject({ date_range: 0, start: '2026-03-02T00:00:00.000Z', end: '2026-03-09T00:00:00.000Z' });
    expect(ranking(result)).toEqual([['Bob', 1, 8000], ['Ann', 1, 8000], ['Cid', 3, 2000]]);
    expect((await read(id, ann.bearer)).goal_progress).toBeNull();
  });

  it('an event-points-only challenge on an activity type worth 0 points', async () => {
    await newApp('2026-03-04T10:00:00Z', 'Events');
    const ann = await createProfile(test, admin, { name: 'Ann' });
    const zero = { per_workout: 0, per_kilometre: 0, per_minute: 0, per_kcal: 0, min_duration_seconds: 0, max_per_workout: null };
    await test.http
      .put('/api/v1/app/points/')
      .set(auth(admin))
      .send({
        daily: { per_1000_steps: 1, per_kilometre: 0, per_kcal: 0, per_active_minute: 0, max_per_day: null },
        activities: [{ activity_type: 'MEDITATION', ...zero }],
        other_activities: { ...zero, per_minute: 0.1, min_duration_seconds: 300 },
      })
      .expect(200);
    const id = await challenge({
      goal: 'TOTAL', goal_value: 100, goal_type: 'POINTS', data_source: 'workout', activity_types: ['MEDITATION'],
      start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z',
    });
    await join(id, ann);
    // A 20-minute meditation is worth 0 (its own rule beats other_activities' 0.1/min); steps do not count (workout challenge).
    await workouts(ann, [{ id: 'm1', at: '2026-03-04T07:00:00Z', type: 'MEDITATION', distance: 0, duration: '00:20:00.000000' }]);
    await summaries(ann, { '2026-03-04': { steps: 12000 } });
    expect(ranking(await board(id, admin))).toEqual([['Ann', 1, 0]]);
    await scored(test.http.post(`/api/v1/profile/${ann.publicId}/event/`).set(auth(admin)).send({ name: 'quiz', points: 10, timestamp: '2026-03-04T08:00:00Z' }).expect(201));
    await scored(test.http.post(`/api/v1/profile/${ann.publicId}/event/`).set(auth(admin)).send({ name: 'survey', points: 5 }).expect(201));
    // 0 (meditation) + 10 + 5 = 15 points; goal 100 -> goal_progress 0.15.
    expect(ranking(await board(id, admin))).toEqual([['Ann', 1, 15]]);
    const view = await read(id, ann.bearer);
    expect([view.goal_progress, view.total_points]).toEqual([0.15, 15]);
  });

  it('deactivation freezes a score that stays visible; reactivation lets new data count again', async () => {
    await newApp('2026-03-04T10:00:00Z', 'Freeze');
    const ann = await createProfile(test, admin, { name: 'Ann' });
    const bob = await createProfile(test, admin, { name: 'Bob' });
    const id = await challenge({ goal: 'TOTAL', goal_value: 50000, start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z' });
    await join(id, ann);
    await join(id, bob);
    await summaries(ann, { '2026-03-02': { steps: 5000 }, '2026-03-03': { steps: 6000 } });
    await test.http.post(`/api/v1/challenge/${id}/deactivate_member/?profile=${ann.publicId}&is_active=false`).set(auth(admin)).expect(201);
    clock.set('2026-03-05T12:00:00Z'); // inactive from 03-04 10:00
    await summaries(ann, { '2026-03-05': { steps: 7000 } }); // day 03-05 starts inside the inactive interval: not counted
    let result = await board(id, bob.bearer);
    // 5000 + 6000 = 11000, frozen but listed, marked inactive.
    expect(ranking(result)).toEqual([['Ann', 1, 11000], ['Bob', 2, 0]]);
    expect(result.results[0].profile.is_active).toBe(false);
    await test.http.put(`/api/v1/challenge/${id}/deactivate_member/`).set(auth(ann.bearer)).send({ profile: ann.publicId, is_active: true }).expect(200);
    clock.set('2026-03-06T12:00:00Z');
    await summaries(ann, { '2026-03-06': { steps: 4000 } });
    result = await board(id, bob.bearer);
    // 5000 + 6000 + 4000 = 15000 (03-05 stays out: it lies in [03-04 10:00, 03-05 12:00)).
    expect(ranking(result)).toEqual([['Ann', 1, 15000], ['Bob', 2, 0]]);
    expect(result.results[0].profile.is_active).toBe(true);
  });

  it('a challenge in a UTC+13 time zone cuts its days at local midnight', async () => {
    await newApp('2026-03-02T12:00:00Z', 'Tonga'); // 2026-03-03 01:00 in Nuku'alofa
    // A challenge endpoint, so that the events below keep their bodies (without one only their dedupe keys are kept).
    await test.http.post('/api/v1/app/push_endpoints/').set(auth(admin)).send({ data_type: 'challenge', url: 'https://93.184.216.34/challenges' }).expect(201);
    const ann = await createProfile(test, admin, { name: 'Ann' });
    // Local days 03-02 .. 03-04 in Pacific/Tongatapu (UTC+13): local midnight is 11:00 UTC the day before.
    const id = await challenge({ goal_value: 10000, timezone: 'Pacific/Tongatapu', start: '2026-03-01T11:00:00Z', end: '2026-03-04T11:00:00Z' });
    const periods = (await test.http.get(`/api/v1/challenge/${id}/periods/`).set(auth(ann.bearer)).expect(200)).body;
    expect(periods).toEqual([
      { date_range: 0, start: '2026-03-01T11:00:00.000Z', end: '2026-03-02T11:00:00.000Z', is_current: false },
      { date_range: 1, start: '2026-03-02T11:00:00.000Z', end: '2026-03-03T11:00:00.000Z', is_current: true },
      { date_range: 2, start: '2026-03-03T11:00:00.000Z', end: '2026-03-04T11:00:00.000Z', is_current: false },
    ]);
    await join(id, ann);
    // 03-01 is the local day before the start: not counted; 03-02 -> period 0; 03-03 -> period 1.
    await summaries(ann, { '2026-03-01': { steps: 9999 }, '2026-03-02': { steps: 7000 }, '2026-03-03': { steps: 8000 } });
    expect(ranking(await board(id, ann.bearer))).toEqual([['Ann', 1, 8000]]);
    expect(ranking(await board(id, ann.bearer, '?date_range=0'))).toEqual([['Ann', 1, 7000]]);
    expect((await read(id, ann.bearer)).goal_progress).toBe(0.8);
    expect((await read(id, ann.bearer)).total_steps).toBe(15000);
    // Threshold events went to the outbox: 7000 / 10000 crossed 25 % and 50 % at once (one event, 0.7),
    // 8000 crossed 25, 50 and 75 % (one event, 0.8).
    const events: { event: string; payload: Record<string, unknown> }[] = await test.dataSource.query(
      'SELECT event, payload FROM challenge_event_outbox WHERE challenge_id = $1 ORDER BY payload->>\'period_start\'',
      [id],
    );
    expect(events.map((e) => [e.event, e.payload.period_start, e.payload.goal_reached_proportion, e.payload.current_score])).toEqual([
      ['partial_period_goal_reached', '2026-03-01T11:00:00.000Z', 0.7, 7000],
      ['partial_period_goal_reached', '2026-03-02T11:00:00.000Z', 0.8, 8000],
    ]);
  });
});
