import { Client } from 'pg';
import { ApiProcess, sleep } from './support/api-process';
import { emptyTables } from './support/test-schema';

const CLIENT = { id: 'scoring-client', secret: 'scoring-secret-0123456789' };
const databaseUrl = process.env.DATABASE_URL ?? '';
const DAY_MS = 86_400_000;

/**
 * Live scoring with two API processes on one PostgreSQL: both take queued changes (FOR UPDATE SKIP
 * LOCKED) and score them, taking the profiles' turns, while uploads of the same profiles keep
 * arriving through both. Once the backlog is empty, every stored score equals the stored records,
 * as any client reads them. Needs PostgreSQL (two processes cannot share an embedded PGlite).
 */
(databaseUrl ? describe : describe.skip)('live scoring with several API processes (PostgreSQL)', () => {
  const env = { DATABASE_URL: databaseUrl, BOOTSTRAP_CLIENT_ID: CLIENT.id, BOOTSTRAP_CLIENT_SECRET: CLIENT.secret };
  const first = new ApiProcess(env);
  const second = new ApiProcess(env);
  const db = new Client({ connectionString: databaseUrl });

  beforeAll(async () => {
    await emptyTables(databaseUrl);
    await db.connect();
    await Promise.all([first.start(), second.start()]);
  }, 120_000);

  afterAll(async () => {
    await first.kill();
    await second.kill();
    await db.end();
  });

  it('scores a burst of uploads through both processes exactly as the stored records say', async () => {
    const admin = await first.adminBearer(CLIENT);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const challenge = await first.call('POST', '/challenge/', admin, {
      title: 'Both', type: 'INDIVIDUAL', goal: 'DAILY', goal_type: 'STEPS', goal_value: 10000,
      start: new Date(today - 10 * DAY_MS).toISOString(), end: new Date(today + 5 * DAY_MS).toISOString(),
    });
    expect(challenge.status).toBe(201);
    const profiles: { id: string; bearer: string }[] = [];
    for (let i = 0; i < 4; i++) {
      const created = (await first.call('POST', '/profile/', admin, { name: `P${i}` })).body;
      profiles.push({ id: created.public_id, bearer: `Bearer ${created.bearer}` });
      expect((await first.call('POST', `/challenge/${challenge.body.public_id}/member/`, admin, { profile: created.public_id })).status).toBe(201);
    }

    // 4 profiles x 30 uploads in flight together, through both processes in turn: 3 days each,
    // days sent again with other steps (which upload of a day commits last decides its steps).
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, n) => profiles.map((profile, i) =>
        [first, second][(n + i) % 2].call('POST', `/profile/${profile.id}/data/`, profile.bearer, {
          source: 'GARMIN',
          daily_summary: Array.from({ length: 3 }, (_, k) => {
            const date = new Date(today - ((n + k) % 11) * DAY_MS).toISOString().slice(0, 10);
            return { external_id: `d-${date}`, date, distance: 0, steps: 1000 * ((n * 3 + k + i) % 17), calories: 0 };
          }),
        }).then((response) => response.status))).flat(),
    );
    expect(statuses.every((status) => status === 201)).toBe(true);

    // Both workers drain the backlog (each woken by the commits' notifications).
    for (let i = 0; i < 600 && Number((await db.query('SELECT count(*) AS n FROM scoring_backlog')).rows[0].n) > 0; i++) await sleep(50);
    expect((await db.query('SELECT count(*)::int AS n FROM scoring_backlog')).rows).toEqual([{ n: 0 }]);

    let checked = 0;
    for (const profile of profiles) {
      const days: { date: string; steps: number }[] = (await second.call('GET', `/profile/${profile.id}/daily_summary/?page_size=100`, profile.bearer)).body;
      const steps = new Map(days.map((d) => [d.date, d.steps]));
      for (let index = 0; index <= 10; index++) {
        const date = new Date(today - (10 - index) * DAY_MS).toISOString().slice(0, 10);
        const board = (await first.call('GET', `/challenge/${challenge.body.public_id}/leaderboard/?date_range=${index}&limit=10`, admin)).body;
        const entry = (board.results as { profile: { public_id: string }; score: number }[]).find((e) => e.profile.public_id === profile.id);
        expect([date, profile.id, entry?.score ?? 0]).toEqual([date, profile.id, steps.get(date) ?? 0]);
        checked++;
      }
    }
    expect(checked).toBe(44);
  }, 180_000);
});
