import { FixedClock } from '@strive/domain/testing';
import { backoffMs } from '../src/jobs/job-runner';
import { adminBearer, bearerAuth, createClientApp, CreatedTestProfile, createProfile, startTestApp, TestApp } from './support/test-app';

/**
 * Issue 9 item 5: the durable job runner and the periodic ticks, over HTTP and the job and outbox
 * tables. Expected values are worked out by hand in comments.
 */
describe('jobs and ticks', () => {
  const clock = new FixedClock('2026-03-04T10:00:00Z');
  let test: TestApp;
  let admin: string;
  const auth = bearerAuth;
  const challenge = async (fields: Record<string, unknown>) =>
    (await test.http.post('/api/v1/challenge/').set(auth(admin)).send({ title: 'C', type: 'INDIVIDUAL', goal: 'DAILY', goal_type: 'STEPS', ...fields }).expect(201))
      .body.public_id as string;
  const outbox = async (challengeId: string) =>
    (await test.dataSource.query('SELECT event, payload FROM challenge_event_outbox WHERE challenge_id = $1 ORDER BY created_at, event', [challengeId])) as {
      event: string;
      payload: Record<string, unknown>;
    }[];
  /** An upload, then the scoring worker's turn (moments after the answer). */
  const steps = async (profile: CreatedTestProfile, date: string, count: number) => {
    await test.http.post(`/api/v1/profile/${profile.publicId}/data/`).set(auth(profile.bearer))
      .send({ source: 'GARMIN', daily_summary: [{ external_id: `d-${date}`, date, distance: 0, steps: count, calories: 0 }] }).expect(201);
    await test.runScoring();
  };

  beforeAll(async () => {
    test = await startTestApp({ clock });
    admin = await adminBearer(test, await createClientApp(test, 'Jobs'));
    // A challenge endpoint, so that events keep their bodies (an app without one keeps only the dedupe keys).
    await test.http.post('/api/v1/app/push_endpoints/').set(auth(admin)).send({ data_type: 'challenge', url: 'https://93.184.216.34/challenges' }).expect(201);
  });
  afterAll(() => test.close());

  it('announces challenge_start and challenge_end once each: created running, created ended, dates moved by PATCH', async () => {
    const running = await challenge({ goal_value: 100, start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z' });
    const ended = await challenge({ title: 'Over', goal_value: 100, start: '2026-02-01T00:00:00Z', end: '2026-02-08T00:00:00Z' });
    const later = await challenge({ goal_value: 100, start: '2026-04-01T00:00:00Z', end: '2026-04-08T00:00:00Z' });
    expect(await outbox(running)).toEqual([]);
    await test.runTicks();
    expect(await outbox(running)).toEqual([{
      event: 'challenge_start',
      payload: { event: 'challenge_start', event_timestamp: '2026-03-04T10:00:00.000Z', challenge_id: running, challenge_title: 'C' },
    }]);
    expect((await outbox(ended)).map((row) => row.event)).toEqual(['challenge_end', 'challenge_start']);
    expect(await outbox(later)).toEqual([]);
    await test.runTicks();
    expect((await outbox(running)).length + (await outbox(ended)).length).toBe(3);
    // Its start moved to an hour ago: announced at the next tick, once.
    await test.http.patch(`/api/v1/challenge/${later}/`).set(auth(admin)).send({ start: '2026-03-04T09:00:00Z' }).expect(200);
    await test.runTicks();
    await test.runTicks();
    expect((await outbox(later)).map((row) => row.event)).toEqual(['challenge_start']);
    expect(await test.runJobs()).toBe(1); // the new start rescores its members (none)
  });

  it('does not announce a threshold again when a rule change rescores the member', async () => {
    const id = await challenge({ goal_value: 10000, start: '2026-03-02T00:00:00Z', end: '2026-03-09T00:00:00Z' });
    const ann = await createProfile(test, admin, { name: 'Ann' });
    await test.http.post(`/api/v1/challenge/${id}/member/`).set(auth(ann.bearer)).send({ profile: ann.publicId }).expect(201);
    // 6,000 of 10,000 steps on Wednesday: 60 %, one partial event (25 % and 50 % at once).
    await steps(ann, '2026-03-04', 6000);
    const partial = (await outbox(id)).filter((row) => row.event === 'partial_period_goal_reached');
    expect(partial.map((row) => row.payload.goal_reached_proportion)).toEqual([0.6]);
    // 11,000 a day and one day longer: the periods moved, so the stored scores are dropped and
    // rescored; 6,000 is 54.5 %, the same 50 % threshold of the same Wednesday: nothing new.
    await test.http.patch(`/api/v1/challenge/${id}/`).set(auth(admin)).send({ goal_value: 11000, end: '2026-03-10T00:00:00Z' }).expect(200);
    expect(await test.runJobs()).toBe(1); // challenge.rescore
    // Rescored under the new goal: Wednesday (period 2) is 6,000 steps, 54.5 % of 11,000.
    const [score] = await test.dataSource.query(
      'SELECT progress, fired_threshold_count FROM member_period_score WHERE challenge_id = $1 AND profile_id = $2 AND period_index = 2', [id, ann.publicId],
    );
    expect(score).toEqual({ progress: 6000, fired_threshold_count: 2 }); // 25 and 50 %
    expect((await outbox(id)).filter((row) => row.event === 'partial_period_goal_reached')).toHaveLength(1);
    // 9,000 steps cross 75 % (81.8 %): a new threshold, announced.
    await steps(ann, '2026-03-04', 9000);
    expect((await outbox(id)).filter((row) => row.event === 'partial_period_goal_reached')).toHaveLength(2);
  });

  it('retries a failing job with exponential backoff, keeps the error, and gives up after max_attempts', async () => {
    await test.dataSource.query(`INSERT INTO job (type, payload, max_attempts) VALUES ('nope', '{"type":"nope"}', 2)`);
    await test.runJobs();
    const [first] = await test.dataSource.query(
      `SELECT status, attempts, last_error, round(extract(epoch FROM run_at - now()))::int AS wait FROM job WHERE type = 'nope'`,
    );
    // Attempt 1 failed: pending again in 2^0 = 1 s.
    expect(first).toEqual({ status: 'pending', attempts: 1, last_error: 'no handler for job type nope', wait: 1 });
    expect([backoffMs(1), backoffMs(2), backoffMs(5), backoffMs(30)]).toEqual([1000, 2000, 16000, 3_600_000]);
    await test.dataSource.query(`UPDATE job SET run_at = now() WHERE type = 'nope'`);
    await test.runJobs();
    const [second] = await test.dataSource.query(`SELECT status, attempts FROM job WHERE type = 'nope'`);
    expect(second).toEqual({ status: 'failed', attempts: 2 });
  });
});

describe('the background job runner', () => {
  let test: TestApp;
  afterAll(() => test.close());

  it('recounts total_points after PUT app/points/ within seconds, without being asked', async () => {
    test = await startTestApp({ env: { JOBS_ENABLED: 'true', JOBS_POLL_INTERVAL_MS: '50' } });
    const admin = await adminBearer(test, await createClientApp(test, 'Background'));
    const eve = await createProfile(test, admin, { name: 'Eve' });
    await test.http.post(`/api/v1/profile/${eve.publicId}/data/`).set('Authorization', `Bearer ${eve.bearer}`)
      .send({ source: 'GARMIN', daily_summary: [{ external_id: 'd', date: '2026-03-01', distance: 0, steps: 4000, calories: 0 }] }).expect(201);
    const total = async () => (await test.http.get(`/api/v1/profile/${eve.publicId}/`).set('Authorization', `Bearer ${eve.bearer}`).expect(200)).body.total_points;
    /** total_points once it is `expected`, or as it is after 10 s (the workers run on their own). */
    const totalOnceAt = async (expected: number) => {
      let seen = await total();
      for (let i = 0; i < 200 && seen !== expected; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await total();
      }
      return seen;
    };
    // Default: 1 point per 1,000 steps, settled by the scoring worker moments after the upload.
    expect(await totalOnceAt(4)).toBe(4);
    await test.http.put('/api/v1/app/points/').set('Authorization', `Bearer ${admin}`).send({
      daily: { per_1000_steps: 3, per_kilometre: 0, per_kcal: 0, per_active_minute: 0, max_per_day: null },
      activities: [], other_activities: null, count_manual_workouts: true,
    }).expect(200);
    // 4,000 steps at 3 per 1,000 = 12, once the runner (polling every 50 ms) ran the job.
    expect(await totalOnceAt(12)).toBe(12);
    // The job is marked done right after its work committed.
    let jobs = await test.dataSource.query(`SELECT type, status, attempts FROM job`);
    for (let i = 0; i < 100 && jobs[0]?.status !== 'done'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      jobs = await test.dataSource.query(`SELECT type, status, attempts FROM job`);
    }
    expect(jobs).toEqual([{ type: 'points.recount', status: 'done', attempts: 1 }]);
  });
});

describe('the scoring worker', () => {
  let test: TestApp;
  afterAll(() => test.close());

  it("scores an upload moments after its answer, woken by the commit's notification (its poll is a minute away)", async () => {
    test = await startTestApp({ env: { JOBS_ENABLED: 'true', JOBS_POLL_INTERVAL_MS: '60000' } });
    const admin = await adminBearer(test, await createClientApp(test, 'Scoring'));
    const eve = await createProfile(test, admin, { name: 'Eve' });
    const today = new Date().toISOString().slice(0, 10);
    const id = (await test.http.post('/api/v1/challenge/').set('Authorization', `Bearer ${admin}`).send({
      title: 'Steps', type: 'INDIVIDUAL', goal: 'DAILY', goal_type: 'STEPS', goal_value: 10000,
      start: `${today}T00:00:00Z`, end: new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString(),
    }).expect(201)).body.public_id as string;
    await test.http.post(`/api/v1/challenge/${id}/member/`).set('Authorization', `Bearer ${eve.bearer}`).send({ profile: eve.publicId }).expect(201);
    await test.http.post(`/api/v1/profile/${eve.publicId}/data/`).set('Authorization', `Bearer ${eve.bearer}`)
      .send({ source: 'GARMIN', daily_summary: [{ external_id: 'd', date: today, distance: 0, steps: 6500, calories: 0 }] }).expect(201);
    const score = async () =>
      (await test.http.get(`/api/v1/challenge/${id}/leaderboard/?date_range=0`).set('Authorization', `Bearer ${admin}`).expect(200)).body.results[0]?.score;
    let seen = await score();
    for (let i = 0; i < 200 && seen !== 6500; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await score();
    }
    // Seen within the loop's 200 looks, long before the worker's next poll.
    expect(seen).toBe(6500);
    expect(await test.dataSource.query('SELECT count(*)::int AS n FROM scoring_backlog')).toEqual([{ n: 0 }]);
  });
});
